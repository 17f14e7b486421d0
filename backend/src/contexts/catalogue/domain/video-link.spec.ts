import { isSafeVideoUrl, toPlayableVideoUrl } from './video-link.js';

const YT = 'https://www.youtube.com/embed/dQw4w9WgXcQ';
const VIMEO = 'https://player.vimeo.com/video/76979871?autoplay=1&title=0&byline=0&portrait=0';

describe('toPlayableVideoUrl', () => {
  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', YT],
    ['https://youtube.com/watch?v=dQw4w9WgXcQ', YT],
    ['http://www.youtube.com/watch?v=dQw4w9WgXcQ', YT],
    ['https://m.youtube.com/watch?v=dQw4w9WgXcQ&feature=share', YT],
    ['https://music.youtube.com/watch?v=dQw4w9WgXcQ&list=RDAMVM', YT],
    ['https://www.youtube.com/watch?feature=youtu.be&v=dQw4w9WgXcQ', YT],
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ&list=PL123&index=2', YT],
    ['https://youtu.be/dQw4w9WgXcQ', YT],
    ['https://youtu.be/dQw4w9WgXcQ?si=AbCdEf123', YT],
    ['youtu.be/dQw4w9WgXcQ', YT],
    ['www.youtube.com/watch?v=dQw4w9WgXcQ', YT],
    ['  https://www.youtube.com/watch?v=dQw4w9WgXcQ \n', YT],
    ['https://www.youtube.com/shorts/dQw4w9WgXcQ', YT],
    ['https://www.youtube.com/live/dQw4w9WgXcQ?feature=shared', YT],
    ['https://www.youtube.com/embed/dQw4w9WgXcQ', YT],
    ['https://www.youtube.com/embed/dQw4w9WgXcQ?rel=0&controls=1', YT],
    ['https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ', YT],
    ['https://youtube-nocookie.com/embed/dQw4w9WgXcQ?start=10', `${YT}?start=10`],
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42s', `${YT}?start=42`],
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42', `${YT}?start=42`],
    ['https://youtu.be/dQw4w9WgXcQ?t=90', `${YT}?start=90`],
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=1m30s', `${YT}?start=90`],
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=1h2m3s', `${YT}?start=3723`],
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ#t=15', `${YT}?start=15`],
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=0s', YT],
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=demain', YT],
    ['https://www.youtube.com/watch?v=a_b-C1d2E3f', 'https://www.youtube.com/embed/a_b-C1d2E3f'],
  ])('YouTube: %s', (input, expected) => {
    expect(toPlayableVideoUrl(input)).toBe(expected);
  });

  it.each([
    ['https://vimeo.com/76979871', VIMEO],
    ['http://vimeo.com/76979871', VIMEO],
    ['https://www.vimeo.com/76979871', VIMEO],
    ['vimeo.com/76979871', VIMEO],
    ['https://vimeo.com/76979871?share=copy', VIMEO],
    ['https://vimeo.com/channels/staffpicks/76979871', VIMEO],
    ['https://vimeo.com/groups/motion/videos/76979871', VIMEO],
    ['https://vimeo.com/showcase/1234x/video/76979871', VIMEO],
    ['https://player.vimeo.com/video/76979871', VIMEO],
    ['https://player.vimeo.com/video/76979871?badge=0&autopause=0', VIMEO],
    ['//player.vimeo.com/video/76979871', VIMEO],
    ['https://vimeo.com/76979871/a1b2c3d4e5', 'https://player.vimeo.com/video/76979871?h=a1b2c3d4e5&autoplay=1&title=0&byline=0&portrait=0'],
    ['https://player.vimeo.com/video/76979871?h=a1b2c3d4e5', 'https://player.vimeo.com/video/76979871?h=a1b2c3d4e5&autoplay=1&title=0&byline=0&portrait=0'],
  ])('Vimeo: %s', (input, expected) => {
    expect(toPlayableVideoUrl(input)).toBe(expected);
  });

  it.each([
    ['<iframe width="560" height="315" src="https://www.youtube.com/embed/dQw4w9WgXcQ?si=x1Y2" title="YouTube video player" frameborder="0" allowfullscreen></iframe>', YT],
    ["<iframe src='https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=30'></iframe>", `${YT}?start=30`],
    ['<IFRAME SRC=https://www.youtube.com/embed/dQw4w9WgXcQ></IFRAME>', YT],
    [
      '<div style="padding:56.25% 0 0 0;position:relative;"><iframe src="https://player.vimeo.com/video/76979871?h=a1b2c3d4e5&amp;badge=0&amp;autopause=0&amp;player_id=0&amp;app_id=58479" frameborder="0" allow="autoplay; fullscreen; picture-in-picture" style="position:absolute;top:0;left:0;width:100%;height:100%;" title="Démo"></iframe></div><script src="https://player.vimeo.com/api/player.js"></script>',
      'https://player.vimeo.com/video/76979871?h=a1b2c3d4e5&autoplay=1&title=0&byline=0&portrait=0',
    ],
    ['<iframe src="https://player.vimeo.com/video/76979871" width="640"></iframe>', VIMEO],
    ['<iframe data-src="x" src="https://cdn.example.com/player/123"></iframe>', 'https://cdn.example.com/player/123'],
  ])('embed code: %s', (input, expected) => {
    expect(toPlayableVideoUrl(input)).toBe(expected);
  });

  it.each([
    'https://cdn.example.com/videos/cours-1.mp4',
    'https://media.example.org/chapitre%202.webm?token=abc&expires=123',
    'http://intranet.example.fr/video.mp4',
    'https://www.dailymotion.com/embed/video/x7tgad0',
  ])('keeps any other http(s) address: %s', (input) => {
    expect(toPlayableVideoUrl(input)).toBe(input);
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(document.cookie)',
    ' javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'data:video/mp4;base64,AAAA',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    'ftp://example.com/video.mp4',
    '/media/videos/a.mp4',
    'video.mp4',
    '',
    '   ',
    'pas une adresse',
    'https://user:secret@example.com/video.mp4',
    'https://example.com/a b.mp4',
    'https://example.com/\u202evideo.mp4',
    'https://example.com/video.mp4\u0000',
    '<iframe src="javascript:alert(1)"></iframe>',
    '<script>alert(1)</script>',
    '<iframe></iframe>',
    '<iframe src="https://evil.example/&quot;onload=&quot;alert(1)"></iframe>',
    `https://example.com/${'a'.repeat(2100)}.mp4`,
  ])('refuses %j', (input) => {
    expect(toPlayableVideoUrl(input)).toBeNull();
  });

  it.each([
    'https://www.youtube.com/',
    'https://www.youtube.com/@chaine',
    'https://www.youtube.com/watch?v=trop-court',
    'https://www.youtube.com/watch?v=dQw4w9WgXcQ"><script>',
    'https://youtu.be/',
    'https://www.youtube.com/embed/../../evil',
    'https://vimeo.com/',
    'https://vimeo.com/user12345',
    'https://player.vimeo.com/api/player.js',
    'https://player.vimeo.com/video/abc',
  ])('refuses a provider address naming no video: %s', (input) => {
    expect(toPlayableVideoUrl(input)).toBeNull();
  });

  it('drops an unlisted hash that is not one', () => {
    expect(toPlayableVideoUrl('https://player.vimeo.com/video/76979871?h=%3Cb%3E')).toBe(VIMEO);
    expect(toPlayableVideoUrl('https://vimeo.com/76979871/zz')).toBe(VIMEO);
  });

  it('only ever returns safe addresses', () => {
    for (const input of ['https://youtu.be/dQw4w9WgXcQ?t=5', 'https://vimeo.com/1/abcdef', 'https://example.com/v.webm']) {
      expect(isSafeVideoUrl(toPlayableVideoUrl(input)!)).toBe(true);
    }
  });
});

describe('isSafeVideoUrl', () => {
  it.each([
    ['https://www.youtube.com/embed/dQw4w9WgXcQ', true],
    ['http://example.com/v.mp4', true],
    ['https://example.com:8443/v.mp4?x=1#t=3', true],
    ['javascript:alert(1)', false],
    ['data:video/mp4;base64,AAAA', false],
    ['//example.com/v.mp4', false],
    ['/media/videos/a.mp4', false],
    ['https://a:b@example.com/', false],
    ['https://example.com/"onerror="x', false],
    ['https://example.com/<x>', false],
    ['https://example.com/ v', false],
    ['https://example.com/\u2066', false],
    ['', false],
  ])('%j → %s', (input, expected) => {
    expect(isSafeVideoUrl(input)).toBe(expected);
  });
});

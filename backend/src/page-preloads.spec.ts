import { imagePreload } from './page-preloads.js';

describe('imagePreload', () => {
  it('escapes every value it writes into the head (an image at an address of the centre’s choosing)', () => {
    expect(imagePreload({ href: '/x.png?a=1&b="2"<script>', srcset: "/x.w320.webp 320w, /x'.webp 640w", sizes: '100vw' })).toBe(
      '<link rel="preload" as="image" href="/x.png?a=1&amp;b=&quot;2&quot;&lt;script&gt;" imagesrcset="/x.w320.webp 320w, /x&#39;.webp 640w" imagesizes="100vw" fetchpriority="high" />',
    );
  });

  it('writes no imagesrcset nor imagesizes for an image without copies, so the browser preloads the original the page draws', () => {
    expect(imagePreload({ href: '/media/default.png', srcset: null, sizes: '100vw' })).toBe('<link rel="preload" as="image" href="/media/default.png" fetchpriority="high" />');
  });
});

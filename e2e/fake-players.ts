import type { Page } from '@playwright/test';

/**
 * Stand-ins for the YouTube IFrame API and the Vimeo Player API: nothing outside the machine is
 * reachable in the tests, so the provider scripts (and their player pages) are routed to these.
 * Each emits what the real one does (YouTube: onReady, onStateChange PLAYING then ENDED and the
 * position read by getCurrentTime; Vimeo: play, timeupdate {seconds}, ended, getPlayed ranges),
 * driven by the test through window.__fakeYouTube.play(from, to, speed) and window.__fakeVimeo.
 */
const FAKE_YOUTUBE_API = `
(function () {
  var players = [];
  function Player(element, options) {
    var self = this;
    self.t = 0; self.d = 0; self.events = (options && options.events) || {};
    self.getCurrentTime = function () { return self.t; };
    self.getDuration = function () { return self.d; };
    self.destroy = function () {};
    players.push(self);
    setTimeout(function () { if (self.events.onReady) self.events.onReady({ target: self }); }, 0);
  }
  window.YT = { Player: Player, PlayerState: { ENDED: 0, PLAYING: 1, PAUSED: 2, BUFFERING: 3 } };
  window.__fakeYouTube = {
    players: function () { return players.length; },
    play: function (from, to, speed) {
      var p = players[players.length - 1];
      p.d = to; p.t = from;
      p.events.onStateChange({ data: 1 });
      var timer = setInterval(function () {
        p.t = Math.min(to, p.t + speed * 0.1);
        if (p.t >= to) { clearInterval(timer); p.events.onStateChange({ data: 0 }); }
      }, 100);
    }
  };
  setTimeout(function () { if (window.onYouTubeIframeAPIReady) window.onYouTubeIframeAPIReady(); }, 0);
})();`;

const FAKE_VIMEO_API = `
(function () {
  var players = [];
  function Player(element) {
    var self = this;
    self.handlers = {}; self.played = [];
    self.on = function (name, callback) { (self.handlers[name] = self.handlers[name] || []).push(callback); };
    self.emit = function (name, data) { (self.handlers[name] || []).forEach(function (callback) { callback(data || {}); }); };
    self.getPlayed = function () { return Promise.resolve(self.played.map(function (r) { return [r[0], r[1]]; })); };
    players.push(self);
  }
  window.Vimeo = { Player: Player };
  window.__fakeVimeo = {
    players: function () { return players.length; },
    play: function (from, to, speed) {
      var p = players[players.length - 1];
      var range = [from, from]; p.played.push(range);
      var t = from;
      p.emit('play', { seconds: t });
      var timer = setInterval(function () {
        t = Math.min(to, t + speed * 0.25); range[1] = t;
        p.emit('timeupdate', { seconds: t, duration: to });
        if (t >= to) { clearInterval(timer); p.emit('ended', { seconds: t, duration: to }); }
      }, 250);
    }
  };
})();`;

const PLAYER_PAGE = '<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>Lecteur</title></head><body><p>Lecteur vidéo de test</p></body></html>';

export async function routeFakePlayers(page: Page): Promise<void> {
  await page.route('https://www.youtube.com/iframe_api', (route) => route.fulfill({ contentType: 'text/javascript', body: FAKE_YOUTUBE_API }));
  await page.route('https://player.vimeo.com/api/player.js', (route) => route.fulfill({ contentType: 'text/javascript', body: FAKE_VIMEO_API }));
  await page.route(/^https:\/\/(www\.youtube\.com\/embed|player\.vimeo\.com\/video)\//, (route) => route.fulfill({ contentType: 'text/html', body: PLAYER_PAGE }));
}

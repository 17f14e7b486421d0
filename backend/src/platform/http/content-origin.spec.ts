import { contentOriginFor, hostOf } from './content-origin.js';

describe('the content origin', () => {
  it('is the loopback twin of the app’s host when none is configured, same scheme and port', () => {
    const none = { contentOrigin: null };
    expect(contentOriginFor(none, 'http://localhost:3000')).toBe('http://127.0.0.1:3000');
    expect(contentOriginFor(none, 'http://127.0.0.1:3000')).toBe('http://localhost:3000');
    expect(contentOriginFor(none, 'https://localhost')).toBe('https://127.0.0.1');
    expect(contentOriginFor(none, 'http://192.168.1.20:3000')).toBeNull();
    expect(contentOriginFor(none, 'https://formation.example.fr')).toBeNull();
    expect(contentOriginFor(none, null)).toBeNull();
  });

  it('is the configured one, except for a page on that very host (it has no other to use)', () => {
    const configured = { contentOrigin: 'https://scorm.example.fr' };
    expect(contentOriginFor(configured, 'https://formation.example.fr')).toBe('https://scorm.example.fr');
    expect(contentOriginFor(configured, 'http://localhost:3000')).toBe('https://scorm.example.fr');
    expect(contentOriginFor(configured, 'https://scorm.example.fr')).toBeNull();
    expect(contentOriginFor(configured, 'http://scorm.example.fr')).toBeNull();
  });

  it('compares hosts with their port', () => {
    expect(hostOf('http://localhost:3000')).toBe('localhost:3000');
    expect(hostOf('https://scorm.example.fr')).toBe('scorm.example.fr');
    expect(hostOf('pas une origine')).toBeNull();
    expect(hostOf(undefined)).toBeNull();
  });
});

import { expect } from '@open-wc/testing';
import { checkHostImage, checkLink, checkModelImage, parseOrigins } from '../../src/markdown/url-policy.js';

describe('URL policy: links', () => {
  for (const href of ['https://example.com', 'http://example.com/a?b=c#d', 'mailto:a@example.com', 'tel:+123', '/relative', 'relative/path', '#anchor', '?q=1']) {
    it(`allows ${href}`, () => expect(checkLink(href).safe).to.equal(true));
  }

  for (const href of [
    'javascript:alert(1)', 'JAVASCRIPT:alert(1)', ' javascript:alert(1)', '\tjava\nscript:alert(1)', 'java\u0000script:alert(1)',
    '\u200Bjavascript:alert(1)', '&#106;avascript:alert(1)', '&#x6A;avascript:alert(1)', 'javascript&colon;alert(1)',
    '%6Aavascript:alert(1)', 'vbscript:msgbox(1)', 'data:text/html,<script>alert(1)</script>', 'DATA:text/html;base64,xx',
    'file:///etc/passwd', 'blob:https://example.com/x', 'ftp://example.com', '', '   ',
  ]) {
    it(`refuses ${JSON.stringify(href)}`, () => expect(checkLink(href).safe).to.equal(false));
  }

  it('refuses non-strings', () => {
    expect(checkLink(null).safe).to.equal(false);
    expect(checkLink({ toString: () => 'https://x' }).safe).to.equal(false);
  });

  it('takes configured schemes, still never a dangerous one unless named', () => {
    expect(checkLink('vscode://file/x', ['https:', 'vscode:']).safe).to.equal(true);
    expect(checkLink('mailto:a@b.c', ['https:']).safe).to.equal(false);
  });

  it('says which links are external', () => {
    expect(checkLink('https://example.com')).to.deep.include({ external: true });
    expect(checkLink('/here')).to.deep.include({ external: false });
    expect(checkLink('//evil.example/x')).to.deep.include({ safe: true, external: true });
  });
});

describe('URL policy: images', () => {
  it('makes remote model images wait, naming their host', () => {
    expect(checkModelImage('https://img.example/a.png')).to.deep.equal({ action: 'ask', src: 'https://img.example/a.png', host: 'img.example' });
  });

  it('loads from allowed origins or everywhere with *', () => {
    expect(checkModelImage('https://img.example/a.png', ['https://img.example']).action).to.equal('load');
    expect(checkModelImage('https://img.example/a.png', ['https://other.example']).action).to.equal('ask');
    expect(checkModelImage('https://img.example/a.png', '*').action).to.equal('load');
  });

  it('blocks model images that are not http(s)', () => {
    for (const src of ['javascript:alert(1)', 'data:image/png;base64,xx', 'data:image/svg+xml,<svg onload=alert(1)>', 'file:///x.png']) {
      expect(checkModelImage(src).action, src).to.equal('block');
    }
  });

  it('loads host images over http(s) and raster data URLs only', () => {
    expect(checkHostImage('https://example.com/a.png').action).to.equal('load');
    expect(checkHostImage('data:image/png;base64,iVBOR').action).to.equal('load');
    expect(checkHostImage('data:image/webp;base64,xx').action).to.equal('load');
    for (const src of ['data:image/svg+xml;base64,xx', 'data:text/html,x', 'javascript:alert(1)', 'blob:x', 42]) {
      expect(checkHostImage(src).action, String(src)).to.equal('block');
    }
  });

  it('parses an origins attribute', () => {
    expect(parseOrigins('https://a.example, https://b.example/path  http://c.example')).to.deep.equal([
      'https://a.example', 'https://b.example', 'http://c.example',
    ]);
    expect(parseOrigins('https://a.example *')).to.equal('*');
    expect(parseOrigins('javascript:alert(1) nonsense')).to.deep.equal([]);
    expect(parseOrigins(null)).to.deep.equal([]);
  });
});

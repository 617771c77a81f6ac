import { expect } from '@open-wc/testing';
import { repairTail } from '../../src/markdown/repair/index.js';

/** Each case: the unsettled tail as it arrived → what is rendered in its place. */
function expectRepairs(cases: Array<[string, string]>): void {
  for (const [tail, repaired] of cases) expect(repairTail(tail), JSON.stringify(tail)).to.equal(repaired);
}

describe('repairTail', () => {
  it('closes an unterminated code fence of either kind and any length', () => {
    expectRepairs([
      ['```js\nconst a = 1;', '```js\nconst a = 1;\n```'],
      ['```js\nconst a = 1;\n', '```js\nconst a = 1;\n```'],
      ['~~~~\ncode', '~~~~\ncode\n~~~~'],
      ['```\n', '```\n```'],
    ]);
  });

  it('shows no half-written language name and no half-typed closing fence', () => {
    expectRepairs([
      ['```typ', '```\n```'],
      ['```ts\ncode\n``', '```ts\ncode\n```'],
      ['~~~\ncode\n~', '~~~\ncode\n~~~'],
      ['````\ncode\n```', '````\ncode\n````'],
    ]);
  });

  it('closes a fence inside a list item or a quote where the code is', () => {
    expectRepairs([
      ['- item\n\n  ```py\n  x = 1', '- item\n\n  ```py\n  x = 1\n  ```'],
      ['> ```\n> code', '> ```\n> code\n> ```'],
    ]);
  });

  it('changes nothing else inside an open fence', () => {
    expectRepairs([
      ['```md\n**not bold [link](ht `x', '```md\n**not bold [link](ht `x\n```'],
      ['```\n| a | b |', '```\n| a | b |\n```'],
    ]);
  });

  it('leaves a closed fence and the text after it to the other rules', () => {
    expectRepairs([['```\ncode\n```\n\nNow **bold', '```\ncode\n```\n\nNow **bold**']]);
  });

  it('closes emphasis of each kind, innermost first', () => {
    expectRepairs([
      ['Some *italic', 'Some *italic*'],
      ['Some **bold', 'Some **bold**'],
      ['Some ***both', 'Some ***both***'],
      ['Some _italic', 'Some _italic_'],
      ['Some __bold', 'Some __bold__'],
      ['**bold and *italic', '**bold and *italic***'],
      ['***a** then b', '***a** then b*'],
    ]);
  });

  it('completes a closing run the chunk cut short', () => {
    expectRepairs([
      ['**bold*', '**bold**'],
      ['~~gone~', '~~gone~~'],
    ]);
  });

  it('leaves closed emphasis, intraword underscores and spaced asterisks alone', () => {
    expectRepairs([
      ['a *b* c', 'a *b* c'],
      ['snake_case_name here', 'snake_case_name here'],
      ['2 * 3 = 6', '2 * 3 = 6'],
    ]);
  });

  it('closes emphasis before trailing space, so the closer still closes', () => {
    expectRepairs([['**bold ', '**bold** ']]);
  });

  it('drops an opener with nothing after it instead of closing it empty', () => {
    expectRepairs([
      ['Text ** ', 'Text '],
      ['**a [', '**a** '],
      ['Go **`', 'Go '],
    ]);
  });

  it('closes inline code, respecting the length of the opening run', () => {
    expectRepairs([
      ['Run `npm te', 'Run `npm te`'],
      ['Use ``a ` b', 'Use ``a ` b``'],
      ['Use ``a`', 'Use ``a``'],
      ['`x` and **`y', '`x` and **`y`**'],
    ]);
  });

  it('closes strikethrough, but reads a single tilde as "about"', () => {
    expectRepairs([
      ['Was ~~wrong', 'Was ~~wrong~~'],
      ['Takes ~5 minutes', 'Takes ~5 minutes'],
    ]);
  });

  it('shows only the text of a half-written link', () => {
    expectRepairs([
      ['See [the docs](https://exa', 'See the docs'],
      ['See [the docs](', 'See the docs'],
      ['See [the docs]', 'See the docs'],
      ['See [the do', 'See the do'],
      ['See [the docs][re', 'See the docs'],
      ['See [**bold** docs](https://ex', 'See **bold** docs'],
      ['**See [docs](https://ex', '**See docs**'],
    ]);
  });

  it('leaves complete links, reference links and bracketed text alone', () => {
    expectRepairs([
      ['See [docs](https://example.com) now', 'See [docs](https://example.com) now'],
      ['See [docs][ref]', 'See [docs][ref]'],
      ['Use a[0] here', 'Use a[0] here'],
      ['See [a (b)](https://x.y/(c)) now', 'See [a (b)](https://x.y/(c)) now'],
    ]);
  });

  it('drops a half-written image', () => {
    expectRepairs([
      ['Look: ![a chart](https://img', 'Look: '],
      ['Look: ![a ch', 'Look: '],
      ['Look: ![a chart]', 'Look: '],
    ]);
  });

  it('removes a trailing lone marker', () => {
    expectRepairs([
      ['Text *', 'Text '],
      ['Text **', 'Text '],
      ['Text _', 'Text '],
      ['Text ~', 'Text '],
      ['Text `', 'Text '],
      ['Text [', 'Text '],
      ['Text !', 'Text '],
      ['Text\\', 'Text'],
      ['Intro\n#', 'Intro\n'],
      ['Intro\n## ', 'Intro\n'],
      ['#', ''],
    ]);
  });

  it('keeps an exclamation mark that ends a sentence', () => {
    expectRepairs([['Done!', 'Done!']]);
  });

  it('gives a table header row a delimiter row so it renders as a header', () => {
    expectRepairs([
      ['| Name | Size |', '| Name | Size |\n| --- | --- |'],
      ['| Name | Size |\n', '| Name | Size |\n| --- | --- |\n'],
      ['| Name | Si', '| Name | Si\n| --- | --- |'],
      ['Intro:\n| Name |', 'Intro:\n| Name |\n| --- |'],
      ['| **Na', '| **Na**\n| --- |'],
      ['|', ''],
    ]);
  });

  it('completes a partial delimiter row to the header cell count, keeping alignments', () => {
    expectRepairs([
      ['| a | b | c |\n|---|--', '| a | b | c |\n| --- | -- | --- |'],
      ['| a | b |\n|', '| a | b |\n| --- | --- |'],
      ['| a | b |\n|:--:|:', '| a | b |\n| :--: | :--- |'],
    ]);
  });

  it('leaves a partial body row as it is, repairing only its last cell', () => {
    expectRepairs([
      ['| a | b |\n| --- | --- |\n| 1 | 2', '| a | b |\n| --- | --- |\n| 1 | 2'],
      ['| a | b |\n| --- | --- |\n| 1 | **2', '| a | b |\n| --- | --- |\n| 1 | **2**'],
    ]);
  });

  it('leaves list markers and horizontal rules alone', () => {
    expectRepairs([
      ['- item', '- item'],
      ['* item', '* item'],
      ['1. item', '1. item'],
      ['- a\n- ', '- a\n- '],
      ['* item with *em', '* item with *em*'],
      ['---', '---'],
      ['***', '***'],
      ['* * *', '* * *'],
      ['___', '___'],
    ]);
  });

  it('hides a bullet that would underline the paragraph above as a heading', () => {
    expectRepairs([
      ['Steps:\n-', 'Steps:\n'],
      ['Steps:\n- ', 'Steps:\n'],
    ]);
  });

  it('hides a task box until its text arrives, then keeps it', () => {
    expectRepairs([
      ['- [', '- '],
      ['- [x]', '- '],
      ['- [ ] ', '- '],
      ['- [x] Ship **it', '- [x] Ship **it**'],
    ]);
  });

  it('hides a link reference definition being written', () => {
    expectRepairs([
      ['Text\n\n[ref]: https://exa', 'Text\n\n'],
      ['[ref]: https://example.com "Ti', ''],
    ]);
  });

  it('repairs across the lines of one paragraph, not across blocks', () => {
    expectRepairs([
      ['**starts here\nand goes on', '**starts here\nand goes on**'],
      ['> a **b\n> c', '> a **b\n> c**'],
      ['- a **x\n- b', '- a **x\n- b'],
      ['Para **x\n\nNext', 'Para **x\n\nNext'],
    ]);
  });

  it('leaves text that needs no repair unchanged', () => {
    for (const text of ['', '\n', 'Plain text.', '# Title\n\nBody.\n', '| a |\n| - |\n| 1 |\n']) expect(repairTail(text)).to.equal(text);
  });

  it('stays fast and never throws on pathological tails', () => {
    const tails = [
      '['.repeat(20_000),
      '*a '.repeat(10_000),
      '`'.repeat(5_000) + 'x',
      '_'.repeat(30_000),
      '[a](' + '('.repeat(10_000),
      '|'.repeat(10_000),
      '> '.repeat(5_000) + '**x',
      ' '.repeat(20_000) + '```',
    ];
    const started = performance.now();
    for (const tail of tails) expect(() => repairTail(tail)).not.to.throw();
    expect(performance.now() - started).to.be.below(1000);
  });
});

/**
 * Hostile payloads for every field the kit renders. Each one, if it ever ran, would call
 * `window.__xss(id)`; the tests assert that nothing ever does.
 */

const CALL = 'window.__xss(1)';

const RAW_HTML = [
  `<script>${CALL}</script>`,
  `<script src="data:text/javascript,${CALL}"></script>`,
  `<img src=x onerror="${CALL}">`,
  `<img src="x" onerror=${CALL} />`,
  `<IMG SRC=x OnErRoR=${CALL}>`,
  `<img src=x:alert(1) onerror=eval('${CALL}')>`,
  `<svg onload=${CALL}>`,
  `<svg><script>${CALL}</script></svg>`,
  `<svg><a xlink:href="javascript:${CALL}"><text y="20">x</text></a></svg>`,
  `<svg><animate onbegin=${CALL} attributeName=x dur=1s>`,
  `<svg><foreignObject><img src=x onerror=${CALL}></foreignObject></svg>`,
  `<math><mtext><table><mglyph><style><img src=x onerror=${CALL}>`,
  `<math><mi xlink:href="javascript:${CALL}">x</mi></math>`,
  `<math><maction actiontype="statusline" xlink:href="javascript:${CALL}">x</maction></math>`,
  `<iframe src="javascript:${CALL}"></iframe>`,
  `<iframe srcdoc="<script>parent.__xss(1)</script>"></iframe>`,
  `<object data="javascript:${CALL}"></object>`,
  `<embed src="javascript:${CALL}">`,
  `<form action="javascript:${CALL}"><button>go</button></form>`,
  `<form><button formaction="javascript:${CALL}">go</button></form>`,
  `<meta http-equiv="refresh" content="0;url=javascript:${CALL}">`,
  `<base href="javascript:/">`,
  `<link rel="stylesheet" href="javascript:${CALL}">`,
  `<style>@import 'javascript:${CALL}';</style>`,
  `<div style="background:url(javascript:${CALL})">styled</div>`,
  `<details open ontoggle=${CALL}>x</details>`,
  `<body onload=${CALL}>`,
  `<input autofocus onfocus=${CALL}>`,
  `<select autofocus onfocus=${CALL}></select>`,
  `<textarea autofocus onfocus=${CALL}></textarea>`,
  `<video><source onerror=${CALL}></video>`,
  `<audio src=x onerror=${CALL}></audio>`,
  `<marquee onstart=${CALL}>x</marquee>`,
  `<div onmouseover=${CALL}>hover</div>`,
  `<a href="javascript:${CALL}">link</a>`,
  `<a href="JaVaScRiPt:${CALL}">link</a>`,
  `<a href="&#106;avascript:${CALL}">link</a>`,
  `<a href="&#x6A;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;&#x3A;${CALL}">link</a>`,
  `<a href="java&#x09;script:${CALL}">link</a>`,
  `<a href="java&#x0A;script:${CALL}">link</a>`,
  `<a href=" &#14; javascript:${CALL}">link</a>`,
  `<a href="javascript&colon;${CALL}">link</a>`,
  `<a href="vbscript:msgbox(1)">link</a>`,
  `<a href="data:text/html;base64,PHNjcmlwdD5wYXJlbnQuX194c3MoMSk8L3NjcmlwdD4=">link</a>`,
  `<a href="file:///etc/passwd">link</a>`,
  `<a href="#" onclick="${CALL}">link</a>`,
  `<noscript><p title="</noscript><img src=x onerror=${CALL}>"></noscript>`,
  `<template><script>${CALL}</script></template>`,
  `<xmp><img src=x onerror=${CALL}></xmp>`,
  `<title><img src=x onerror=${CALL}></title>`,
  `<textarea><img src=x onerror=${CALL}></textarea>`,
  `<a id="__proto__" name="defaultView">clobber</a>`,
  `<form name="body"><input name="innerHTML"></form>`,
  `<img src="x" srcset="javascript:${CALL} 1x">`,
  `<table background="javascript:${CALL}"><tr><td>x</td></tr></table>`,
  `<isindex action="javascript:${CALL}" type=submit>`,
  `<dialog open onclose=${CALL}>x</dialog>`,
  `<portal src="javascript:${CALL}"></portal>`,
  `<object data="data:text/html,<script>parent.__xss(1)</script>"></object>`,
  `<embed src="data:image/svg+xml,<svg onload=parent.__xss(1)>">`,
  `"><img src=x onerror=${CALL}>`,
  `'><svg onload=${CALL}>`,
  `</p><script>${CALL}</script><p>`,
  `<<script>script>${CALL}<</script>/script>`,
  `<scr<script>ipt>${CALL}</scr</script>ipt>`,
  `<img src=\`x\` onerror=${CALL}>`,
  `<svg/onload=${CALL}>`,
  `<img/src=x/onerror=${CALL}>`,
];

const MARKDOWN = [
  `[click](javascript:${CALL})`,
  `[click](JAVASCRIPT:${CALL})`,
  `[click](javascript&#58;${CALL})`,
  `[click]( javascript:${CALL})`,
  `[click](<javascript:${CALL}>)`,
  `[click](java%0ascript:${CALL})`,
  `[click](%6Aavascript:${CALL})`,
  `[click](\\u006Aavascript:${CALL})`,
  `[click](vbscript:msgbox(1))`,
  `[click](data:text/html,<script>${CALL}</script>)`,
  `[click](file:///etc/passwd)`,
  `[click](javascript:${CALL} "title")`,
  `[click][ref]\n\n[ref]: javascript:${CALL}`,
  `[click][ref]\n\n[ref]: <javascript:${CALL}> "t"`,
  `[ref]\n\n[ref]: data:text/html;base64,PHNjcmlwdD5wYXJlbnQuX194c3MoMSk8L3NjcmlwdD4=`,
  `<javascript:${CALL}>`,
  `<vbscript:msgbox(1)>`,
  `![img](javascript:${CALL})`,
  `![img](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9cGFyZW50Ll9feHNzKDEpPg==)`,
  `![img](x" onerror="${CALL})`,
  `![img "title"](https://127.0.0.1:1/track.png)`,
  `[![img](https://127.0.0.1:1/nested.png)](javascript:${CALL})`,
  `| a | b |\n|---|---|\n| [x](javascript:${CALL}) | <img src=x onerror=${CALL}> |`,
  `- [ ] [task](javascript:${CALL})\n- [x] <svg onload=${CALL}>`,
  `> [quote](javascript:${CALL})`,
  '```html\n<script>' + CALL + '</script>\n```',
  '`<img src=x onerror=' + CALL + '>`',
  `# heading <img src=x onerror=${CALL}>`,
  `**bold [x](javascript:${CALL})**`,
  `~~[x](vbscript:msgbox(1))~~`,
  `[x](javascript:void(0)) and [y](https://example.com)`,
  `<details><summary>s</summary><img src=x onerror=${CALL}></details>`,
  `[a](#) <a href="javascript:${CALL}">raw</a>`,
  `www.example.com/<script>${CALL}</script>`,
  `https://example.com/"onmouseover="${CALL}`,
  `[x](https://example.com/"onmouseover="${CALL})`,
  `[\`code\`](javascript:${CALL})`,
  `Footnote[^1]\n\n[^1]: [x](javascript:${CALL})`,
];

/** What a terminal would act on: the built-in terminal view keeps colours (SGR) and drops every other escape. */
export const TERMINAL_PAYLOADS = [
  `\u001b]8;;javascript:${CALL}\u001b\\click\u001b]8;;\u001b\\`,
  `\u001b]8;id=x;https://example.com/"onmouseover="${CALL}\u0007link\u001b]8;;\u0007`,
  `\u001b]52;c;PHNjcmlwdD4=\u0007\u001b]0;<img src=x onerror=${CALL}>\u0007title`,
  `\u001b[38;2;300;0;0;<img src=x onerror=${CALL}>m\u001b[38;5;999mX\u001b[0m`,
  `\u001b[31m<img src=x onerror=${CALL}>\u001b[0m\u001bP+q<script>${CALL}</script>\u001b\\`,
];

export const PAYLOADS: readonly string[] = [...RAW_HTML, ...MARKDOWN, ...TERMINAL_PAYLOADS];

/** Every field the kit renders, filled with one payload; nothing else about the rows is odd. */
export function hostileConversation(p: string): unknown[] {
  return [
    { id: `u-${p}`, message_type: 'user', content_type: 'text', sequence: 0, content: { text: p } },
    { message_type: 'assistant', content_type: 'thinking', sequence: 0, content: { text: p } },
    { message_type: 'assistant', content_type: 'text', sequence: 1, content: { text: p } },
    {
      message_type: 'assistant', content_type: 'tool_call', sequence: 2, status: 'failed', tool_call_id: 'c1',
      metadata: { error: p, display_text: p, hitl_decision: p },
      content: { call_id: 'c1', name: p, arguments: { [p]: p, nested: { list: [p] } }, display_text: p },
    },
    {
      message_type: 'assistant', content_type: 'tool_call', sequence: 3, status: 'interrupted', tool_call_id: 'c2',
      metadata: { display_text: p },
      content: { call_id: 'c2', name: 'ask_user', arguments: { question: p, options: [{ label: p, description: p }] }, display_text: null },
    },
    { message_type: 'assistant', content_type: 'tool_call', sequence: 4, status: p, tool_call_id: 'c3', content: { call_id: 'c3', name: 'x', arguments: p, display_text: null } },
    {
      message_type: 'tool', content_type: 'tool_result', sequence: 0, tool_call_id: 'c1',
      content: { tool_call_id: 'c1', name: p, content: p, is_error: true, is_interrupt: false, hitl_decision: p },
    },
    { message_type: 'tool', content_type: 'tool_result', sequence: 1, tool_call_id: 'c3', content: { tool_call_id: 'c3', name: p, content: JSON.stringify({ [p]: p }), is_error: false } },
    { message_type: 'tool', content_type: 'tool_result', sequence: 2, tool_call_id: 'orphan', content: { tool_call_id: 'orphan', name: p, content: p, is_error: false, is_interrupt: true } },
    { message_type: 'system', content_type: 'error', sequence: 0, content: { text: p, error_type: p } },
    { message_type: 'system', content_type: 'notification', sequence: 1, content: { text: p, stop_reason: p, stop_details: { type: p, category: p, explanation: p, [p]: p } } },
    { message_type: 'system', content_type: 'todo_snapshot', sequence: 0, content: { todos: [{ id: 1, content: p, status: p }, p] } },
    { message_type: 'assistant', content_type: 'image', sequence: 0, content: { url: p, caption: p, alt_text: p } },
    { message_type: 'assistant', content_type: 'image', sequence: 1, content: { data: p, mime_type: p, caption: p } },
    { message_type: 'assistant', content_type: 'file_reference', sequence: 2, content: { path: p, name: p } },
    { message_type: 'assistant', content_type: 'structured_data', sequence: 3, content: { format: p, data: { [p]: p } } },
    { message_type: 'assistant', content_type: p, sequence: 4, content: { text: p } },
    { message_type: p, content_type: 'text', sequence: 0, content: { text: p, stop_reason: 'content_filtered', stop_details: { category: p, explanation: p } } },
    { message_type: 'assistant', content_type: 'text', sequence: 0, content: p },
    ...builtinViewRows(p),
  ];
}

/** Calls the kit draws with a built-in view (terminal, search, fetch, diff, file, media), every field the payload. */
function builtinViewRows(p: string): unknown[] {
  const json = (value: unknown) => JSON.stringify(value);
  const views: Array<[string, unknown, string]> = [
    ['bash', { command: p }, json({ stdout: `${p}\n\u001b[31m${p}\u001b[0m`, stderr: p, exit_code: 2 })],
    ['code_execution', { code: p, language: p }, json({ type: 'code_execution_result', stdout: p, stderr: p, return_code: 1, content: [{ type: 'code_execution_output', file_id: p }] })],
    ['web_search', { query: p }, json([{ title: p, url: p, snippet: p, page_age: p }, { title: p, url: `https://example.com/${p}`, snippet: p }])],
    ['web_fetch', { url: p }, p],
    ['Edit', { file_path: p, old_string: p, new_string: `${p}\n${p}` }, 'ok'],
    ['Write', { file_path: p, content: p }, 'ok'],
    ['Read', { file_path: p }, `     1\t${p}\n     2\t${p}`],
    ['make_chart', {}, json([{ type: 'image', url: p, name: p }, { type: 'image', data: p, mime_type: 'image/png' }, { type: 'file', file_id: p, filename: p, mime_type: p, size: 3 }])],
    ['run_tests', {}, `--- a/${p}\n+++ b/${p}\n@@ -1,1 +1,1 @@\n-${p}\n+${p}!\n`],
  ];
  return views.flatMap(([name, args, output], index) => {
    const id = `v${index}`;
    return [
      { message_type: 'assistant', content_type: 'tool_call', sequence: 10 + index, status: 'completed', tool_call_id: id, content: { call_id: id, name, arguments: args, display_text: null } },
      { message_type: 'tool', content_type: 'tool_result', sequence: 10 + index, tool_call_id: id, content: { tool_call_id: id, name, content: output, is_error: false } },
    ];
  });
}

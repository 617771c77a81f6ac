import { defineComponent, h } from 'vue';

/**
 * An element whose inside is HTML from the server, kept as the browser parsed it. `v-html` in a
 * template is a dynamic prop, which Vue sets again when it hydrates: the list would be replaced by
 * a copy made through `innerHTML`, where declarative shadow roots are not parsed. A render
 * function's props are only compared, and the string does not change.
 */
export default defineComponent({
  props: { tag: { type: String, default: 'div' }, html: { type: String, default: '' } },
  setup: (props) => () => h(props.tag, { innerHTML: props.html }),
});

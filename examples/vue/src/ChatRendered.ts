import { defineComponent, h, shallowRef } from 'vue';
import type { ToolToggleEvent } from 'display-kit';

/** The same list from a render function: `.items` sets the property, `onToolToggle` listens to `tool-toggle`. */
export const ChatRendered = defineComponent({
  props: { rows: { type: Array, required: true } },
  setup(props) {
    const rows = shallowRef(props.rows); // shallow: the element never needs deep reactivity
    const onToolToggle = (event: ToolToggleEvent) => console.log(event.callId, event.open);
    return () => h('message-list', { '.items': rows.value, onToolToggle });
  },
});

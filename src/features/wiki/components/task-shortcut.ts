import { Extension, InputRule } from '@tiptap/core';

/**
 * `- [ ] ` and `- [x] ` as typed in Markdown: `- ` starts a bulleted list, and `[ ] ` (or `[x] `)
 * at the start of its item turns the list item into a task. (`[ ] ` on a line of its own is the
 * task list's own shortcut.)
 */
export const TaskListShortcut = Extension.create({
  name: 'wikiTaskShortcut',
  priority: 200,
  addInputRules() {
    return [
      new InputRule({
        find: /^\[([ xX])?\]\s$/,
        handler: ({ state, range, match, chain }) => {
          const $from = state.doc.resolve(range.from);
          if ($from.depth < 3 || $from.index(-1) !== 0) return null;
          const item = $from.node(-1);
          const list = $from.node(-2);
          if (item.type.name !== 'listItem' || list.type.name !== 'bulletList') return null;
          const checked = (match[1] ?? '').toLowerCase() === 'x';
          chain().deleteRange(range).toggleTaskList().updateAttributes('taskItem', { checked }).run();
        },
      }),
    ];
  },
});

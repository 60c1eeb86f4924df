import { Icon } from './icons';

/* Icons of the text editors' toolbars and the wiki's tree (same grid and stroke as ./icons). Only
   the editor's and the wiki's chunks import this module, so none of it is in the first load. */

export const UndoIcon = () => (
  <Icon>
    <path d="M9 14 4 9l5-5" />
    <path d="M4 9h10.5a5.5 5.5 0 0 1 0 11H11" />
  </Icon>
);
export const RedoIcon = () => (
  <Icon>
    <path d="m15 14 5-5-5-5" />
    <path d="M20 9H9.5a5.5 5.5 0 0 0 0 11H13" />
  </Icon>
);

const headingStem = 'M4 12h8M4 18V6M12 18V6';
export const Heading1Icon = () => (
  <Icon>
    <path d={headingStem} />
    <path d="m17 12 3-2v8" />
  </Icon>
);
export const Heading2Icon = () => (
  <Icon>
    <path d={headingStem} />
    <path d="M21 18h-4c0-4 4-3 4-6 0-1.5-2-2.5-4-1" />
  </Icon>
);
export const Heading3Icon = () => (
  <Icon>
    <path d={headingStem} />
    <path d="M17.5 10.5c1.7-1 3.5 0 3.5 1.5a2 2 0 0 1-2 2" />
    <path d="M17 17.5c2 1.5 4 .3 4-1.5a2 2 0 0 0-2-2" />
  </Icon>
);
export const BoldIcon = () => (
  <Icon strokeWidth="2.5">
    <path d="M6 12h8a4 4 0 0 1 0 8H6zM6 4h7a4 4 0 0 1 0 8H6z" />
  </Icon>
);
export const ItalicIcon = () => (
  <Icon>
    <path d="M19 4h-9M14 20H5M15 4 9 20" />
  </Icon>
);
export const StrikeIcon = () => (
  <Icon>
    <path d="M16 4H9a3 3 0 0 0-2.8 4" />
    <path d="M14 12a4 4 0 0 1 0 8H6" />
    <path d="M4 12h16" />
  </Icon>
);
export const CodeIcon = () => (
  <Icon>
    <path d="m16 18 6-6-6-6M8 6l-6 6 6 6" />
  </Icon>
);
export const BulletListIcon = () => (
  <Icon>
    <path d="M9 6h12M9 12h12M9 18h12" />
    <circle cx="4" cy="6" r="1" fill="currentColor" />
    <circle cx="4" cy="12" r="1" fill="currentColor" />
    <circle cx="4" cy="18" r="1" fill="currentColor" />
  </Icon>
);
export const NumberedListIcon = () => (
  <Icon>
    <path d="M10 6h11M10 12h11M10 18h11" />
    <path d="M4 6h1v4M4 10h2" />
    <path d="M6 18H4c0-1 2-2 2-3s-1-1.5-2-1" />
  </Icon>
);
export const TaskListIcon = () => (
  <Icon>
    <rect x="3" y="4" width="6" height="6" rx="1" />
    <path d="m3 17 2 2 4-4M13 7h8M13 12h8M13 18h8" />
  </Icon>
);
export const QuoteIcon = () => (
  <Icon>
    <path d="M17 6H3M21 12H8M21 18H8M3 12v6" />
  </Icon>
);
export const CodeBlockIcon = () => (
  <Icon>
    <rect x="3" y="3" width="18" height="18" rx="2" />
    <path d="m10 9-3 3 3 3M14 15l3-3-3-3" />
  </Icon>
);
export const DividerIcon = () => (
  <Icon>
    <path d="M3 12h18" />
    <path d="M7 5h10M7 19h10" strokeOpacity="0.45" />
  </Icon>
);
export const TableIcon = () => (
  <Icon>
    <rect x="3" y="3" width="18" height="18" rx="2" />
    <path d="M3 9h18M3 15h18M12 3v18" />
  </Icon>
);
export const RowBelowIcon = () => (
  <Icon>
    <rect x="3" y="3" width="18" height="8" rx="1.5" />
    <path d="M12 14v7M8.5 17.5h7" />
  </Icon>
);
export const RowDeleteIcon = () => (
  <Icon>
    <rect x="3" y="3" width="18" height="8" rx="1.5" />
    <path d="m9.5 15 5 5M14.5 15l-5 5" />
  </Icon>
);
export const ColumnRightIcon = () => (
  <Icon>
    <rect x="3" y="3" width="8" height="18" rx="1.5" />
    <path d="M14 12h7M17.5 8.5v7" />
  </Icon>
);
export const ColumnDeleteIcon = () => (
  <Icon>
    <rect x="3" y="3" width="8" height="18" rx="1.5" />
    <path d="m15 9.5 5 5M20 9.5l-5 5" />
  </Icon>
);
export const PencilIcon = () => (
  <Icon>
    <path d="M12 20h9" />
    <path d="M16.5 3.5a2.1 2.1 0 0 1 3 3L7 19l-4 1 1-4z" />
  </Icon>
);
export const TrashIcon = () => (
  <Icon>
    <path d="M3 6h18M8 6V4a1 1 0 0 1 1-1h6a1 1 0 0 1 1 1v2M19 6l-1 14a2 2 0 0 1-2 2H8a2 2 0 0 1-2-2L5 6" />
  </Icon>
);
export const ChevronDownIcon = () => (
  <Icon>
    <path d="m6 9 6 6 6-6" />
  </Icon>
);
export const PageIcon = () => (
  <Icon>
    <path d="M14 3H6a1 1 0 0 0-1 1v16a1 1 0 0 0 1 1h12a1 1 0 0 0 1-1V8z" />
    <path d="M14 3v5h5M9 13h6M9 17h6" />
  </Icon>
);

export { registerCommands, type PaletteCommand } from './commands';
export { PaletteHost } from './components/palette-host';
export { openPalette } from './store';

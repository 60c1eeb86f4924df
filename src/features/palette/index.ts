export { registerCommands, type PaletteChoice, type PaletteChoices, type PaletteCommand } from './commands';
export { PaletteHost } from './components/palette-host';
export { openPalette } from './store';

/** A table wider than a phone scrolls sideways: its viewport takes focus, so the keyboard can scroll it too. */
export const KEYBOARD_SCROLLABLE = { viewportProps: { tabIndex: 0 } };

import '@mantine/core/styles.css';
import './styles.css';
import { MantineProvider, TableScrollContainer, createTheme, type CSSVariablesResolver } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './App';
import { isClientError } from './api/client';

// defaultColorScheme auto: the console follows the system's light or dark mode until the person
// picks one in the account menu (kept in this browser).
// respectReducedMotion: no animations for people who ask their system for less motion.
// autoContrast: filled badges and buttons pick black or white text, whichever reads on the colour;
// the luminance where black starts is where both reach the same contrast (orange and teal's shade 8
// read in black, red and blue's in white).
// A table wider than the screen scrolls inside its container, which keyboards must reach too.
const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: 8,
  defaultRadius: 'md',
  respectReducedMotion: true,
  autoContrast: true,
  luminanceThreshold: 0.2,
  // A table wider than the screen (a phone) shows its scrollbar whenever it overflows, not only on
  // hover (a phone has none), so that the columns past the edge are seen to be there.
  components: { TableScrollContainer: TableScrollContainer.extend({ defaultProps: { scrollAreaProps: { type: 'auto', offsetScrollbars: 'x', viewportProps: { tabIndex: 0 } } } }) },
});
// Light variants (badges, alerts) write their text in the darkest shade: AA contrast on the tint.
// (green's darkest shade is still below AA: the console uses teal for success.)
const LIGHT_TEXT_COLORS = ['blue', 'teal', 'red', 'gray', 'grape', 'cyan', 'indigo', 'violet', 'pink'];
// Mantine's dimmed grey is below the WCAG AA contrast for small text, on white and on the dark
// background alike: one shade further from the background in each scheme. So is its error red on
// white (field errors, and the text of a field in error): the darkest shade.
const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    ...Object.fromEntries(LIGHT_TEXT_COLORS.map((color) => [`--mantine-color-${color}-light-color`, `var(--mantine-color-${color}-9)`])),
  },
  dark: { '--mantine-color-dimmed': 'var(--mantine-color-dark-1)' },
});
// One retry for what may pass a second time (a network error, a 5xx); an answer of 4xx is the
// same the second time (an unknown id stays unknown), so it is shown at once and asked once.
const retryOnce = (failures: number, error: unknown) => failures < 1 && !isClientError(error);
const queryClient = new QueryClient({ defaultOptions: { queries: { retry: retryOnce, refetchOnWindowFocus: false } } });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="auto">
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <App />
        </BrowserRouter>
      </QueryClientProvider>
    </MantineProvider>
  </StrictMode>,
);

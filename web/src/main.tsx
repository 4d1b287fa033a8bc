import '@mantine/core/styles.css';
import './styles.css';
import { MantineProvider, createTheme, type CSSVariablesResolver } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './App';

// respectReducedMotion: no animations for people who ask their system for less motion.
// autoContrast: filled badges and buttons pick black or white text, whichever reads on the colour.
const theme = createTheme({ primaryColor: 'blue', primaryShade: 8, defaultRadius: 'md', respectReducedMotion: true, autoContrast: true });
// Light variants (badges, alerts) write their text in the darkest shade: AA contrast on the tint.
// (green's darkest shade is still below AA: the console uses teal for success.)
const LIGHT_TEXT_COLORS = ['blue', 'teal', 'red', 'gray', 'grape', 'cyan', 'indigo', 'violet', 'pink'];
// Mantine's dimmed grey is below the WCAG AA contrast for small text on white: one shade darker.
// So is its error red (field errors, and the text of a field in error): the darkest shade.
const cssVariablesResolver: CSSVariablesResolver = () => ({ variables: {}, light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)', '--mantine-color-error': 'var(--mantine-color-red-9)', ...Object.fromEntries(LIGHT_TEXT_COLORS.map((color) => [`--mantine-color-${color}-light-color`, `var(--mantine-color-${color}-9)`])) }, dark: {} });
const queryClient = new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <App />
        </BrowserRouter>
      </QueryClientProvider>
    </MantineProvider>
  </StrictMode>,
);

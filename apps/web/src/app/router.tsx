import { createBrowserRouter } from 'react-router';

export const router = createBrowserRouter([
  {
    path: '/',
    lazy: async () => {
      const { HomePage } = await import('../features/home/home-page.js');
      return { Component: HomePage };
    },
  },
  {
    path: '*',
    lazy: async () => {
      const { HomePage } = await import('../features/home/home-page.js');
      return { Component: HomePage };
    },
  },
]);

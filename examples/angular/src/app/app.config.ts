import { type ApplicationConfig, provideZonelessChangeDetection } from '@angular/core';
import { provideClientHydration } from '@angular/platform-browser';
import { provideRouter } from '@angular/router';

// No zone.js: signals tell Angular what to update. The browser hydrates the server's DOM instead of rendering it again.
export const appConfig: ApplicationConfig = {
  providers: [provideZonelessChangeDetection(), provideRouter([]), provideClientHydration()],
};

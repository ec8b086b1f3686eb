/** The API origin: the service's routes under /api/ and the control surface under /__emulator/. */
import { Hono } from 'hono';
import { registerBotRoutes } from './bot';
import { registerCalendarRoutes, registerHostileCalendarRoutes } from './calendar';
import { registerControlRoutes } from './control';
import { registerDownloadRoutes } from './downloads';
import type { Emulator } from './emulator';
import { notFoundHtml, serverErrorHtml, withServiceHeaders } from './http';
import { registerProcessingRoutes } from './processing';
import { registerRecordingRoutes } from './recordings';
import { registerSpaceRoutes } from './spaces';

export function createApiApp(emu: Emulator): Hono {
  // Strict routing: a known path without its trailing slash is a different (unknown) path.
  const app = new Hono({ strict: true });
  registerCalendarRoutes(app, emu);
  registerHostileCalendarRoutes(app, emu);
  registerControlRoutes(app, emu);
  emu.auth.register(app);
  registerSpaceRoutes(app, emu);
  registerRecordingRoutes(app, emu);
  registerDownloadRoutes(app, emu);
  registerBotRoutes(app, emu);
  registerProcessingRoutes(app, emu);
  app.notFound(() => withServiceHeaders(notFoundHtml()));
  app.onError((error) => {
    if (!(error instanceof SyntaxError)) emu.logError(error);
    return withServiceHeaders(serverErrorHtml());
  });
  return app;
}

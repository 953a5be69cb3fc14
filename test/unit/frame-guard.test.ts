import { describe, expect, it } from 'vitest';

import { isEmbedFrameRequest } from '#infra/security-headers';
import { framablePath } from '#frontend/app/layout.tsx';

describe('the pages a framed app may show (issue 29)', () => {
  it('are the booking page and the manage page only, as the framing headers say', () => {
    const framable = ['/book/intro-call', '/booking/0b7c9a7e-1d2f-4a51-9c0e-5d6f7a8b9c0d'];
    const never = ['/', '/events', '/login', '/billing', '/admin', '/integrations/api-keys', '/book/a/b', '/book'];
    for (const path of framable)
      expect([framablePath(path), isEmbedFrameRequest(path, '?embed=1')], path).toEqual([true, true]);
    for (const path of never)
      expect([framablePath(path), isEmbedFrameRequest(path, '?embed=1')], path).toEqual([false, false]);
  });
});

import { Type } from '@sinclair/typebox';

// Path parameters of the git host routes.
export const GitHostParams = Type.Object({ gitHostId: Type.String({ minLength: 1, maxLength: 128 }) });

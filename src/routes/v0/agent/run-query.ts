import { Type } from '@sinclair/typebox';

// The run an agent's post or finish belongs to (the claim's runId). Optional: without it the
// session only has to be running on the computer, as before runs had ids.
export const RunQuery = Type.Object({ runId: Type.Optional(Type.String({ minLength: 1, maxLength: 128 })) });

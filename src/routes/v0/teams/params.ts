import { Type } from '@sinclair/typebox';

// Path parameters of the team routes.
export const TeamParams = Type.Object({ teamId: Type.String({ minLength: 1, maxLength: 128 }) });
export const TeamMemberParams = Type.Object({ teamId: Type.String({ minLength: 1, maxLength: 128 }), userId: Type.String({ minLength: 1, maxLength: 128 }) });

import { Type } from '@sinclair/typebox';

export const ComputerParams = Type.Object({ computerId: Type.String({ minLength: 1, maxLength: 128 }) });

/** The length and format rules shared by create and PATCH (api.md). */
export const ComputerName = Type.String({ minLength: 1, maxLength: 63 });
export const RemoteUser = Type.String({ minLength: 1, maxLength: 63 });
export const HostId = Type.String({ format: 'uuid' });

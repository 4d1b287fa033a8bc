// Generated from the server's OpenAPI document by `npm run sdk:generate`. Do not edit.

export interface paths {
    "/healthz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            status: "ok";
                        };
                    };
                };
                /** @description The one error body of every endpoint. */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/readyz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            status: "ok" | "degraded";
                            /** @description With REDIS_URL: "up", or why Redis is down and the rate limits are open */
                            redis?: string;
                            /** @description With DATABASE_READ_URL: each read replica of the analytics reads */
                            read_replicas?: {
                                /** @description host:port/database */
                                replica: string;
                                /** @description false: the analytics reads go to the primary instead */
                                in_use: boolean;
                                /** @description How long it has been behind WAL the primary had written; null while unreachable */
                                lag_seconds: number | null;
                                /** @description Why it is not in use */
                                problem?: string;
                            }[];
                        };
                    };
                };
                /** @description The one error body of every endpoint. */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/organizations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create an organization with its first owner */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        name: string;
                        /** Format: email */
                        ownerEmail: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            organization: {
                                id: string;
                                name: string;
                            };
                            owner: {
                                id: string;
                                email: string;
                                role: components["schemas"]["Role"];
                            };
                            /** @description The owner API key; shown once */
                            apiKey: string;
                            /** @description One-time link where the owner sets a console password (7 days); shown once */
                            inviteUrl: string;
                        };
                    };
                };
                /** @description The one error body of every endpoint. */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/rollups/run": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Run the analytics rollup for every pending day */
        post: {
            parameters: {
                query?: {
                    /** @description How long to wait for days claimed elsewhere */
                    waitMs?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description done: nothing ended is pending; pending: days are still being aggregated elsewhere */
                            status: "done" | "pending";
                            /** @description Organization-days aggregated by this call */
                            aggregatedDays: number;
                            /** @description Ended days still pending (being aggregated by another replica, or waiting for a dead claimer's lease to lapse) */
                            pendingDays: number;
                        };
                    };
                };
                /** @description Default Response */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description done: nothing ended is pending; pending: days are still being aggregated elsewhere */
                            status: "done" | "pending";
                            /** @description Organization-days aggregated by this call */
                            aggregatedDays: number;
                            /** @description Ended days still pending (being aggregated by another replica, or waiting for a dead claimer's lease to lapse) */
                            pendingDays: number;
                        };
                    };
                };
                /** @description The one error body of every endpoint. */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/telemetry/retention/run": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Run the telemetry retention pass now */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description false: another replica holds the retention lease and is running the pass (call again later) */
                            ran: boolean;
                            /** @description The first UTC day whose events are kept; older events are refused. null: nothing was ever dropped */
                            closedBefore: string | null;
                            /** @description The monthly event partitions this call dropped, oldest first */
                            droppedPartitions: string[];
                            /** @description Idempotency keys this call deleted */
                            deletedKeys: number;
                        };
                    };
                };
                /** @description Default Response */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description false: another replica holds the retention lease and is running the pass (call again later) */
                            ran: boolean;
                            /** @description The first UTC day whose events are kept; older events are refused. null: nothing was ever dropped */
                            closedBefore: string | null;
                            /** @description The monthly event partitions this call dropped, oldest first */
                            droppedPartitions: string[];
                            /** @description Idempotency keys this call deleted */
                            deletedKeys: number;
                        };
                    };
                };
                /** @description The one error body of every endpoint. */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/backup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Back up the embedded store (application/octet-stream; `quarterdeck backup FILE`) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The one error body of every endpoint. */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v0/auth/token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Exchange an API key for an access token (JWT) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            accessToken: string;
                            /** @enum {string} */
                            tokenType: "Bearer";
                            expiresIn: number;
                        };
                    };
                };
                /** @description The one error body of every endpoint. */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v0/api-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List API keys */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    cursor?: string;
                    /** @description Only working keys that expire within this many days */
                    expiringWithinDays?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiKeys: components["schemas"]["ApiKey"][];
                            pagination: components["schemas"]["Pagination"];
                        };
                    };
                };
                /** @description The one error body of every endpoint. */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        /** Create an API key for yourself */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        name: string;
                        expiresAt?: number | null;
                        /**
                         * @description ingest: a key that can only send telemetry, for agents' OpenTelemetry settings (owners and managers)
                         * @enum {string}
                         */
                        kind?: "personal" | "ingest";
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            /**
                             * @description personal: acts as its user; ingest: can only send telemetry, attributed by the identity each record carries (docs/otel.md)
                             * @enum {string}
                             */
                            kind: "personal" | "ingest";
                            name: string;
                            /** @description The first characters of the key, to tell keys apart */
                            prefix: string;
                            userId: string;
                            /** @description Unix time in milliseconds */
                            createdAt: number;
                            expiresAt: number | null;
                            lastUsedAt: number | null;
                            /** @description The secret; shown once */
                            key: string;
                        };
                    };
                };
                /** @description The one error body of every endpoint. */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v0/api-keys/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Revoke an API key */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description The one error body of every endpoint. */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v0/organization/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the users of the organization */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    cursor?: string;
                    /** @description Only users in this status */
                    status?: "invited" | "active" | "deactivated";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            users: {
                                id: string;
                                email: string;
                                name: string | null;
                                role: components["schemas"]["Role"];
                                /** @description Unix time in milliseconds */
                                createdAt: number;
                                /** @description false once deactivated (status deactivated) */
                                active: boolean;
                                /**
                                 * @description invited until the first sign-in, active after, deactivated once deactivated (docs/members.md)
                                 * @enum {string}
                                 */
                                status: "invited" | "active" | "deactivated";
                                /** @description The first sign-in; null while invited */
                                joinedAt: number | null;
                                /** @description The latest console sign-in; null while invited */
                                lastSignInAt: number | null;
                                deactivatedAt: number | null;
                                /** @description When the user's unused invitation link expires (in the past: expired); null without one */
                                invitationExpiresAt: number | null;
                                /** @description The teams of the user, by name */
                                teams: {
                                    id: string;
                                    name: string;
                                }[];
                                /** @description The last UTC day with the user's agent activity (telemetry); null without any */
                                lastActivityDay: string | null;
                            }[];
                            pagination: components["schemas"]["Pagination"];
                        };
                    };
                };
                /** @description The one error body of every endpoint. */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        /** Add a user to the organization */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** Format: email */
                        email: string;
                        name?: string;
                        role: components["schemas"]["Role"];
                        /**
                         * @description false: no initial API key (apiKey is null); the person creates keys once signed in
                         * @default true
                         */
                        createApiKey?: boolean;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            user: components["schemas"]["User"];
                            /** @description Initial API key; shown once. null with createApiKey false */
                            apiKey: string | null;
                            /** @description One-time link to set a console password (7 days); shown once */
                            inviteUrl: string;
                        };
                    };
                };
                /** @description The one error body of every endpoint. */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v0/organization/users/{userId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Deactivate a user */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    userId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description The one error body of every endpoint. */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /** Change a user role or name */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    userId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        role?: components["schemas"]["Role"];
                        name?: string | null;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            user: components["schemas"]["User"];
                        };
                    };
                };
                /** @description The one error body of every endpoint. */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/v0/organization/users/{userId}/invite": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Issue a new invitation link for a user */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    userId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description One-time link to set a password; shown once */
                            inviteUrl: string;
                            /** @description Unix time in milliseconds */
                            expiresAt: number;
                        };
                    };
                };
                /** @description The one error body of every endpoint. */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v0/organization/users/{userId}/reactivate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Reactivate a deactivated user */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    userId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            user: components["schemas"]["User"];
                        };
                    };
                };
                /** @description The one error body of every endpoint. */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v0/organization/audit-log": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the audit log (owners only)
         * @description Newest first. Accept: text/csv answers CSV (paging in X-Has-More / X-Next-Cursor when limit is given).
         */
        get: {
            parameters: {
                query?: {
                    /** @description Entries per page (default 20); with Accept: text/csv, no limit answers every matching entry */
                    limit?: number;
                    cursor?: string;
                    /** @description One or several actions (repeat the parameter) */
                    action?: ("sign_in.succeeded" | "sign_in.failed" | "sign_out" | "sso.settings_changed" | "sso.settings_removed" | "sso.domain_verified" | "scim.token_created" | "scim.token_revoked" | "member.created" | "member.invited" | "member.joined" | "member.role_changed" | "member.updated" | "member.deactivated" | "member.reactivated" | "team.created" | "team.updated" | "team.deleted" | "team.member_added" | "team.member_removed" | "api_key.created" | "api_key.revoked" | "computer_token.created" | "computer_token.revoked" | "computer.updated" | "budget.created" | "budget.changed" | "budget.deleted" | "credit_limit.changed" | "enterprise_controls.changed" | "webhook.created" | "webhook.updated" | "webhook.disabled" | "webhook.enabled" | "webhook.secret_rotated" | "webhook.deleted" | "prices.settings_changed" | "prices.models_changed" | "telemetry_identity.linked" | "telemetry.voided" | "git_host.connected" | "git_host.removed" | "readiness.repository_listed" | "readiness.repository_unlisted")[];
                    actorUserId?: string;
                    targetId?: string;
                    /** @description Unix ms: entries at or after */
                    from?: number;
                    /** @description Unix ms: entries before */
                    to?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            entries: components["schemas"]["AuditLogEntry"][];
                            pagination: components["schemas"]["Pagination"];
                        };
                    };
                };
                /** @description The one error body of every endpoint. */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v0/organization/sso": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The organization's single sign-on settings */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description null while single sign-on is not set up */
                            sso: {
                                issuer: string;
                                clientId: string;
                                /** @description The mask of the stored secret */
                                clientSecret: string;
                                allowedDomains: string[];
                                jitEnabled: boolean;
                                /**
                                 * @description Owners are never made through single sign-on
                                 * @enum {string}
                                 */
                                jitRole: "manager" | "member" | "guest";
                                groupsClaim: string;
                                groupRoles: {
                                    [key: string]: "manager" | "member" | "guest";
                                };
                                groupTeams: {
                                    [key: string]: string;
                                };
                                ssoRequired: boolean;
                                breakGlassUserId: string | null;
                                /** @description Unix time in milliseconds */
                                updatedAt: number;
                            } | null;
                            /** @description Register this redirect URI at the provider */
                            redirectUri: string;
                        };
                    };
                };
                /** @description The one error body of every endpoint. */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        /** Set the single sign-on settings */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The provider's issuer URL; checked by OpenID discovery */
                        issuer: string;
                        clientId: string;
                        /** @description Required the first time; omitted or sent back masked, the stored secret stays */
                        clientSecret?: string;
                        /** @description E-mail domains that sign in through this provider */
                        allowedDomains: string[];
                        /** @description Create people of an allowed domain on their first sign-in (default false) */
                        jitEnabled?: boolean;
                        /**
                         * @description Owners are never made through single sign-on
                         * @enum {string}
                         */
                        jitRole?: "manager" | "member" | "guest";
                        /** @description Default "groups" */
                        groupsClaim?: string;
                        /** @description Group → role; the highest role of the groups wins */
                        groupRoles?: {
                            [key: string]: "manager" | "member" | "guest";
                        };
                        /** @description Group → team id */
                        groupTeams?: {
                            [key: string]: string;
                        };
                        /** @description Refuse passwords for the organization's members, but the break-glass owner's */
                        ssoRequired?: boolean;
                        /** @description An active owner; required when ssoRequired */
                        breakGlassUserId?: string | null;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description null while single sign-on is not set up */
                            sso: {
                                issuer: string;
                                clientId: string;
                                /** @description The mask of the stored secret */
                                clientSecret: string;
                                allowedDomains: string[];
                                jitEnabled: boolean;
                                /**
                                 * @description Owners are never made through single sign-on
                                 * @enum {string}
                                 */
                                jitRole: "manager" | "member" | "guest";
                                groupsClaim: string;
                                groupRoles: {
                                    [key: string]: "manager" | "member" | "guest";
                                };
                                groupTeams: {
                                    [key: string]: string;
                                };
                                ssoRequired: boolean;
                                breakGlassUserId: string | null;
                                /** @description Unix time in milliseconds */
                                updatedAt: number;
                            } | null;
                            /** @description Register this redirect URI at the provider */
                            redirectUri: string;
                        };
                    };
                };
                /** @description The one error body of every endpoint. */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        post?: never;
        /** Remove the single sign-on settings */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description The one error body of every endpoint. */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v0/organization/sso/domains": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Allowed single sign-on domains and their DNS proofs */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            domains: {
                                domain: string;
                                verified: boolean;
                                verifiedAt: number | null;
                                /** @description Publish this record in the domain's DNS, then verify */
                                record: {
                                    /** @enum {string} */
                                    type: "TXT";
                                    name: string;
                                    value: string;
                                };
                            }[];
                        };
                    };
                };
                /** @description The one error body of every endpoint. */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v0/organization/sso/domains/{domain}/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Prove an allowed domain by its DNS TXT record */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    domain: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            domain: string;
                            verified: boolean;
                            verifiedAt: number | null;
                            /** @description Publish this record in the domain's DNS, then verify */
                            record: {
                                /** @enum {string} */
                                type: "TXT";
                                name: string;
                                value: string;
                            };
                        };
                    };
                };
                /** @description The one error body of every endpoint. */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v0/organization/users/me/preferences": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Your own preferences */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            preferences: components["schemas"]["Preferences"];
                        };
                    };
                };
                /** @description The one error body of every endpoint. */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Change your own preferences */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        emailNotifications?: boolean;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            preferences: components["schemas"]["Preferences"];
                        };
                    };
                };
                /** @description The one error body of every endpoint. */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/v0/organization/users/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Change your own display name */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        name: string | null;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            user: components["schemas"]["User"];
                        };
                    };
                };
                /** @description The one error body of every endpoint. */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/v0/teams": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the teams of the organization */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    cursor?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            teams: components["schemas"]["Team"][];
                            pagination: components["schemas"]["Pagination"];
                        };
                    };
                };
                /** @description The one error body of every endpoint. */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        /** Create a team */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Unique in the organization (case-insensitive) */
                        name: string;
                        /** @description The id of the group this team mirrors in an identity provider; unique per source */
                        externalId?: string | null;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            team: components["schemas"]["Team"];
                        };
                    };
                };
                /** @description The one error body of every endpoint. */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v0/teams/{teamId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a team */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    teamId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            team: components["schemas"]["Team"];
                        };
                    };
                };
                /** @description The one error body of every endpoint. */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /** Delete a team */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    teamId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description The one error body of every endpoint. */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /** Rename a team or change its external id */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    teamId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Unique in the organization (case-insensitive) */
                        name?: string;
                        /** @description The id of the group this team mirrors in an identity provider; unique per source */
                        externalId?: string | null;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            team: components["schemas"]["Team"];
                        };
                    };
                };
                /** @description The one error body of every endpoint. */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/v0/teams/{teamId}/members": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the members of a team */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    cursor?: string;
                };
                header?: never;
                path: {
                    teamId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            members: components["schemas"]["TeamMember"][];
                            pagination: components["schemas"]["Pagination"];
                        };
                    };
                };
                /** @description The one error body of every endpoint. */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        /** Add a user to a team */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    teamId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        userId: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            member: components["schemas"]["TeamMember"];
                        };
                    };
                };
                /** @description The one error body of every endpoint. */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v0/teams/{teamId}/members/{userId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Remove a user from a team */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    teamId: string;
                    userId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description The one error body of every endpoint. */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v0/organization/connected-agents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Agents sending telemetry, per agent product and sender, on one UTC day */
        get: {
            parameters: {
                query?: {
                    /** @description YYYY-MM-DD (UTC); default today */
                    day?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            connections: components["schemas"]["ConnectedAgent"][];
                            /** @description The versions in use across the fleet: each agent and sender heard in the 7 days ending with the day, at its latest version */
                            versions: {
                                agent: string;
                                /** @description null: agents that send no version of their own */
                                version: string | null;
                                /** @description Senders (members, identities, keys) whose latest export said this version */
                                senders: number;
                                /** @description Unix time in milliseconds */
                                lastSeenAt: number;
                            }[];
                        };
                    };
                };
                /** @description The one error body of every endpoint. */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v0/organization/telemetry-identities": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Identities telemetry carried, unattributed ones by default */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    cursor?: string;
                    /** @description unattributed (default), linked or all */
                    status?: "unattributed" | "linked" | "all";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            identities: components["schemas"]["TelemetryIdentity"][];
                            pagination: components["schemas"]["Pagination"];
                        };
                    };
                };
                /** @description The one error body of every endpoint. */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v0/organization/telemetry-identities/{id}/link": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Link an identity to a member (its waiting events then count for the member) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        userId: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["TelemetryIdentity"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v0/organization/telemetry-voids": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Void the events an ingest key sent in a span of time (owners) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description An ingest key of the organization (revoked ones too) */
                        ingestKeyId: string;
                        /**
                         * Format: date-time
                         * @description Events received at or after this instant
                         */
                        from: string;
                        /**
                         * Format: date-time
                         * @description Events received before this instant
                         */
                        to: string;
                        /** @description Only the events counted for this member */
                        userId?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Events removed */
                            voided: number;
                            /** @description The UTC days whose analytics change (re-rolled) */
                            days: string[];
                        };
                    };
                };
                /** @description The one error body of every endpoint. */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v0/organization/enterprise-controls": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Current enterprise controls */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description An enterprise control change record. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ControlChange"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change enterprise controls (JSON Merge Patch of settings)
         * @description null removes a property; unknown properties are kept as given. Send If-Match: "<revision>" to apply only to that revision.
         */
        patch: {
            parameters: {
                query?: never;
                header?: {
                    "if-match"?: string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        sessionDefaultSettings?: {
                            model?: string | null;
                            specModeModel?: string | null;
                            runInWorktree?: boolean | null;
                        } | null;
                        mcpAutonomyOverrides?: {
                            [key: string]: unknown;
                        } | null;
                        cloudSessionSync?: boolean | null;
                        wikiCloudSync?: boolean | null;
                        includeCoAuthoredByAgent?: boolean | null;
                        enableAgentShield?: boolean | null;
                        ideAutoConnect?: boolean | null;
                        restrictMemberVisibility?: boolean | null;
                        restrictApiKeyCreationToManagers?: boolean | null;
                        managedComputersEnabled?: boolean | null;
                        byomComputersEnabled?: boolean | null;
                        telemetryCreatesMembers?: boolean | null;
                        creditLimitsExcludeIngestKeyTelemetry?: boolean | null;
                        commandAllowlist?: string[] | null;
                        commandDenylist?: string[] | null;
                        customModels?: {
                            model?: string;
                            id?: string;
                            index?: number;
                            baseUrl?: string;
                            /** @description Secret: stored encrypted, shown as **** plus its last 4 characters. Send the shown value back to keep it. */
                            apiKey?: string;
                            displayName?: string;
                            maxContextLimit?: number;
                            enableThinking?: boolean;
                            thinkingMaxTokens?: number;
                            maxOutputTokens?: number;
                            extraHeaders?: {
                                [key: string]: unknown;
                            };
                            extraArgs?: {
                                [key: string]: unknown;
                            };
                            noImageSupport?: boolean;
                            bedrock?: {
                                awsProfile?: string;
                                awsRegion?: string;
                                bedrockBaseUrl?: string;
                                awsAuthRefresh?: string;
                                awsCredentialExport?: string;
                            };
                        }[] | null;
                        modelPolicy?: {
                            allowedModelIds?: string[] | null;
                            blockedModelIds?: string[] | null;
                            allowCustomModels?: boolean | null;
                            allowedBaseUrls?: string[] | null;
                            allowAllServiceModels?: boolean | null;
                            isFastModelsAllowed?: boolean | null;
                        } | null;
                        mcpPolicy?: {
                            enabled?: boolean | null;
                            allowlist?: string[] | null;
                        } | null;
                        missionPolicy?: {
                            restrictedAccess?: boolean | null;
                            allowedUserIds?: string[] | null;
                        } | null;
                        userModelPolicies?: {
                            [key: string]: unknown;
                        } | null;
                        enabledPlugins?: {
                            [key: string]: unknown;
                        } | null;
                        extraKnownMarketplaces?: {
                            [key: string]: unknown;
                        } | null;
                        strictKnownMarketplaces?: {
                            repo: string;
                        }[] | null;
                        networkPolicy?: {
                            allowedIps?: string[] | null;
                        } | null;
                        sandbox?: {
                            enabled?: boolean | null;
                            filesystem?: {
                                allowWrite?: string[] | null;
                                allowRead?: string[] | null;
                                denyWrite?: string[] | null;
                                denyRead?: string[] | null;
                            } | null;
                            network?: {
                                allowedDomains?: string[] | null;
                                allowUnixSockets?: string[] | null;
                                allowAllUnixSockets?: boolean | null;
                                allowLocalBinding?: boolean | null;
                                httpProxyPort?: number | null;
                                socksProxyPort?: number | null;
                            } | null;
                        } | null;
                        managedComputersAllowedEmails?: string[] | null;
                        byomComputersAllowedEmails?: string[] | null;
                        sessionRetentionDays?: number | null;
                        /** @description New API keys expire within this many days (docs/controls.md) */
                        apiKeyMaxLifetimeDays?: number | null;
                        /** @description Audit log entries older than this many days are deleted (docs/audit-log.md) */
                        auditLogRetentionDays?: number | null;
                        /** @description Agent sessions that ended longer ago lose their timeline; their figures stay (docs/agent-sessions.md) */
                        agentSessionTimelineRetentionDays?: number | null;
                        /** @description Agent session content (docs/agent-sessions.md "Content"): off unless enabled */
                        agentSessionContent?: {
                            /** @description Keep prompts and tool input/output of agent sessions, redacted (default false) */
                            enabled?: boolean | null;
                            /** @description Kept content expires this many days after its step (default 30) */
                            retentionDays?: number | null;
                        } | null;
                        routerGuidance?: string | null;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            responses: {
                /** @description An enterprise control change record. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ControlChange"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/v0/organization/enterprise-controls/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Enterprise control change history */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    cursor?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            changes: components["schemas"]["ControlChange"][];
                            pagination: components["schemas"]["Pagination"];
                        };
                    };
                };
                /** @description The one error body of every endpoint. */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v0/organization/enterprise-controls/history/{revision}/diff": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** What one enterprise control revision changed */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    revision: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            revision: number;
                            changes: {
                                /** @description JSON Pointer into settings */
                                path: string;
                                old: unknown;
                                new: unknown;
                            }[];
                        };
                    };
                };
                /** @description The one error body of every endpoint. */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v0/organization/usage/limits/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Your own monthly credit limit and usage */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Standard Credits per UTC calendar month; null: no limit */
                            limit: number | null;
                            /** @description Standard Credits used this UTC month */
                            used: number;
                            /** @description Standard Credits left before the limit (never below 0); null without a limit */
                            remaining: number | null;
                            /** @description The UTC month, YYYY-MM */
                            month: string;
                            /** @description used / limit in percent, one decimal; 100 for a limit of 0; null without a limit */
                            percent: number | null;
                        };
                    };
                };
                /** @description The one error body of every endpoint. */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v0/organization/usage/limits/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Per-user credit limits */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Standard Credits per UTC calendar month; null: no limit */
                            globalLimit: number | null;
                            userLimits: {
                                email: string;
                                limit: number;
                                /** @description Standard Credits used this UTC month, as the limit counts them (creditLimitsExcludeIngestKeyTelemetry) */
                                used: number;
                            }[];
                        };
                    };
                };
                /** @description The one error body of every endpoint. */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        /** Set per-user credit limits */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        users: {
                            /** Format: email */
                            email: string;
                            /** @description Standard Credits per UTC month (>= 0); null removes the override */
                            limit: number | null;
                        }[];
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            updated: {
                                email: string;
                                limit: number | null;
                            }[];
                            errors: {
                                email: string;
                                error: string;
                            }[];
                        };
                    };
                };
                /** @description The one error body of every endpoint. */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v0/organization/usage/limits/global": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Global monthly credit limit */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Standard Credits per UTC calendar month; null: no limit */
                            limit: number | null;
                        };
                    };
                };
                /** @description The one error body of every endpoint. */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        /** Set the global monthly credit limit */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Standard Credits per UTC calendar month; null: no limit */
                        limit: number | null;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Standard Credits per UTC calendar month; null: no limit */
                            limit: number | null;
                        };
                    };
                };
                /** @description The one error body of every endpoint. */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v0/organization/prices": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The organization's prices per model */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            currency: string;
                            /** @description Applied to every price: 0.8 is 20 % off */
                            discount: number;
                            /** @description Where the default prices come from */
                            dataset: {
                                package: string;
                                version: string;
                            };
                            /** @description The models the organization called and those it priced, by model id (byte order) */
                            models: {
                                modelId: string;
                                /** @description null: the model has no price */
                                source: "organization" | "dataset" | null;
                                prices: {
                                    /** @description Per million tokens, in the currency; at most 6 decimals */
                                    input: number;
                                    /** @description Per million tokens, in the currency; at most 6 decimals */
                                    output: number;
                                    /** @description Per million tokens, in the currency; at most 6 decimals */
                                    cacheRead: number;
                                    /** @description Per million tokens, in the currency; at most 6 decimals */
                                    cacheWrite: number;
                                    /** @description A 1-hour cache write, per million tokens: the dataset's, where it prices that tier apart (absent: cacheWrite) */
                                    cacheWrite1h?: number;
                                } | null;
                                /** @description The last day (UTC) with calls to the model; null: never called */
                                lastUsed: string | null;
                            }[];
                            /** @description Models called that have no price: their cost is not counted */
                            unpricedModels: string[];
                        };
                    };
                };
                /** @description The one error body of every endpoint. */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Set the currency and discount of the organization's prices */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description ISO 4217 code, upper case; the default prices apply in USD only */
                        currency?: string;
                        /** @description Factor applied to every price: 0.8 is 20 % off */
                        discount?: number;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            currency: string;
                            /** @description Applied to every price: 0.8 is 20 % off */
                            discount: number;
                            /** @description Where the default prices come from */
                            dataset: {
                                package: string;
                                version: string;
                            };
                            /** @description The models the organization called and those it priced, by model id (byte order) */
                            models: {
                                modelId: string;
                                /** @description null: the model has no price */
                                source: "organization" | "dataset" | null;
                                prices: {
                                    /** @description Per million tokens, in the currency; at most 6 decimals */
                                    input: number;
                                    /** @description Per million tokens, in the currency; at most 6 decimals */
                                    output: number;
                                    /** @description Per million tokens, in the currency; at most 6 decimals */
                                    cacheRead: number;
                                    /** @description Per million tokens, in the currency; at most 6 decimals */
                                    cacheWrite: number;
                                    /** @description A 1-hour cache write, per million tokens: the dataset's, where it prices that tier apart (absent: cacheWrite) */
                                    cacheWrite1h?: number;
                                } | null;
                                /** @description The last day (UTC) with calls to the model; null: never called */
                                lastUsed: string | null;
                            }[];
                            /** @description Models called that have no price: their cost is not counted */
                            unpricedModels: string[];
                        };
                    };
                };
                /** @description The one error body of every endpoint. */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/v0/organization/prices/dataset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The default prices of the price dataset */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Where the default prices come from */
                            dataset: {
                                package: string;
                                version: string;
                            };
                            /** @enum {string} */
                            currency: "USD";
                            models: {
                                vendor: string;
                                modelId: string;
                                name: string;
                                /** @description Prices per million tokens, before the discount */
                                price: {
                                    /** @description Per million tokens, in the currency; at most 6 decimals */
                                    input: number;
                                    /** @description Per million tokens, in the currency; at most 6 decimals */
                                    output: number;
                                    /** @description Per million tokens, in the currency; at most 6 decimals */
                                    cacheRead: number;
                                    /** @description Per million tokens, in the currency; at most 6 decimals */
                                    cacheWrite: number;
                                    /** @description A 1-hour cache write, per million tokens: the dataset's, where it prices that tier apart (absent: cacheWrite) */
                                    cacheWrite1h?: number;
                                };
                            }[];
                        };
                    };
                };
                /** @description The one error body of every endpoint. */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v0/organization/prices/models": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Set or remove the organization's own prices of models */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        models: {
                            /** @description As the events name it */
                            modelId: string;
                            /** @description null: back to the dataset's price */
                            prices: {
                                /** @description Per million tokens, in the currency; at most 6 decimals */
                                input: number;
                                /** @description Per million tokens, in the currency; at most 6 decimals */
                                output: number;
                                /** @description Per million tokens, in the currency; at most 6 decimals */
                                cacheRead: number;
                                /** @description Per million tokens, in the currency; at most 6 decimals */
                                cacheWrite: number;
                            } | null;
                        }[];
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            currency: string;
                            /** @description Applied to every price: 0.8 is 20 % off */
                            discount: number;
                            /** @description Where the default prices come from */
                            dataset: {
                                package: string;
                                version: string;
                            };
                            /** @description The models the organization called and those it priced, by model id (byte order) */
                            models: {
                                modelId: string;
                                /** @description null: the model has no price */
                                source: "organization" | "dataset" | null;
                                prices: {
                                    /** @description Per million tokens, in the currency; at most 6 decimals */
                                    input: number;
                                    /** @description Per million tokens, in the currency; at most 6 decimals */
                                    output: number;
                                    /** @description Per million tokens, in the currency; at most 6 decimals */
                                    cacheRead: number;
                                    /** @description Per million tokens, in the currency; at most 6 decimals */
                                    cacheWrite: number;
                                    /** @description A 1-hour cache write, per million tokens: the dataset's, where it prices that tier apart (absent: cacheWrite) */
                                    cacheWrite1h?: number;
                                } | null;
                                /** @description The last day (UTC) with calls to the model; null: never called */
                                lastUsed: string | null;
                            }[];
                            /** @description Models called that have no price: their cost is not counted */
                            unpricedModels: string[];
                        };
                    };
                };
                /** @description The one error body of every endpoint. */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v0/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the webhook endpoints of the organization */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    cursor?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            webhooks: components["schemas"]["WebhookEndpoint"][];
                            pagination: components["schemas"]["Pagination"];
                        };
                    };
                };
                /** @description The one error body of every endpoint. */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        /** Create a webhook endpoint */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description http(s) URL the events are POSTed to; non-public addresses are refused unless WEBHOOK_ALLOW_PRIVATE */
                        url: string;
                        description?: string;
                        /** @description The event types sent to this endpoint; null: every type */
                        eventTypes?: ("agent.identity_unattributed" | "agent.quiet" | "budget.threshold_crossed" | "controls.changed" | "member.invited" | "member.limit_reached" | "member.limit_refused" | "member.limit_warning" | "webhook.disabled" | "digest")[] | null;
                        /**
                         * @description standard: the Standard Webhooks envelope {type, timestamp, data}; slack: a Slack message {text, blocks}
                         * @enum {string}
                         */
                        format?: "standard" | "slack";
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            webhook: components["schemas"]["WebhookEndpoint"];
                            /** @description The signing secret (whsec_...), shown once */
                            secret: string;
                        };
                    };
                };
                /** @description The one error body of every endpoint. */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v0/webhooks/{webhookId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a webhook endpoint */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    webhookId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            webhook: components["schemas"]["WebhookEndpoint"];
                        };
                    };
                };
                /** @description The one error body of every endpoint. */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /** Delete a webhook endpoint */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    webhookId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description The one error body of every endpoint. */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /** Change, disable or enable a webhook endpoint */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    webhookId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description http(s) URL the events are POSTed to; non-public addresses are refused unless WEBHOOK_ALLOW_PRIVATE */
                        url?: string;
                        description?: string;
                        /** @description The event types sent to this endpoint; null: every type */
                        eventTypes?: ("agent.identity_unattributed" | "agent.quiet" | "budget.threshold_crossed" | "controls.changed" | "member.invited" | "member.limit_reached" | "member.limit_refused" | "member.limit_warning" | "webhook.disabled" | "digest")[] | null;
                        /**
                         * @description standard: the Standard Webhooks envelope {type, timestamp, data}; slack: a Slack message {text, blocks}
                         * @enum {string}
                         */
                        format?: "standard" | "slack";
                        enabled?: boolean;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            webhook: components["schemas"]["WebhookEndpoint"];
                        };
                    };
                };
                /** @description The one error body of every endpoint. */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/v0/webhooks/{webhookId}/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Replace a webhook endpoint's signing secret */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    webhookId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            webhook: components["schemas"]["WebhookEndpoint"];
                            /** @description The signing secret (whsec_...), shown once */
                            secret: string;
                        };
                    };
                };
                /** @description The one error body of every endpoint. */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v0/webhooks/{webhookId}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the deliveries of a webhook endpoint */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    cursor?: string;
                };
                header?: never;
                path: {
                    webhookId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            deliveries: components["schemas"]["WebhookDelivery"][];
                            pagination: components["schemas"]["Pagination"];
                        };
                    };
                };
                /** @description The one error body of every endpoint. */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v0/webhooks/{webhookId}/attempts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The delivery log of a webhook endpoint */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    cursor?: string;
                };
                header?: never;
                path: {
                    webhookId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            attempts: components["schemas"]["WebhookAttempt"][];
                            pagination: components["schemas"]["Pagination"];
                        };
                    };
                };
                /** @description The one error body of every endpoint. */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v0/webhooks/{webhookId}/deliveries/{deliveryId}/replay": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send a delivery again */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    webhookId: string;
                    deliveryId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            delivery: components["schemas"]["WebhookDelivery"];
                        };
                    };
                };
                /** @description The one error body of every endpoint. */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v0/webhooks/{webhookId}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send a test event to a webhook endpoint */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    webhookId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            delivery: components["schemas"]["WebhookDelivery"];
                        };
                    };
                };
                /** @description The one error body of every endpoint. */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v0/git-hosts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the git hosts of the organization */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    cursor?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            gitHosts: components["schemas"]["GitHost"][];
                            pagination: components["schemas"]["Pagination"];
                        };
                    };
                };
                /** @description The one error body of every endpoint. */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        /** Connect a git host (GitHub or GitLab) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @enum {string} */
                        provider: "github" | "gitlab";
                        name?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            /** @enum {string} */
                            provider: "github" | "gitlab";
                            name: string;
                            /** @description Where the host posts its webhook deliveries */
                            webhookUrl: string;
                            /** @description Unix time in milliseconds */
                            createdAt: number;
                            /** @description Shown once: the secret to paste into the host */
                            webhookSecret: string;
                        };
                    };
                };
                /** @description The one error body of every endpoint. */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v0/git-hosts/{gitHostId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a connected git host */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    gitHostId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            gitHost: components["schemas"]["GitHost"];
                        };
                    };
                };
                /** @description The one error body of every endpoint. */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /** Disconnect a git host */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    gitHostId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description The one error body of every endpoint. */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v0/git-hosts/{gitHostId}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A git host's deliveries, newest first */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    cursor?: string;
                };
                header?: never;
                path: {
                    gitHostId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            deliveries: components["schemas"]["GitDelivery"][];
                            pagination: components["schemas"]["Pagination"];
                        };
                    };
                };
                /** @description The one error body of every endpoint. */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v0/agent-commits": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Record commits made during an agent session (idempotent per SHA) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        commits: {
                            /** @description The full commit id, lower-case hex (SHA-1, or SHA-256 repositories) */
                            sha: string;
                            /** @description The origin remote: an id `host/owner/name` or a URL, stored as the id; null without a remote */
                            repository: string | null;
                            /** @description null on a detached HEAD */
                            branch: string | null;
                            sessionId: string;
                            /** @description The agent dimension id, e.g. claude-code */
                            agent: string;
                            /** Format: date-time */
                            committedAt: string;
                            linesAdded: number;
                            linesRemoved: number;
                        }[];
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            recorded: number;
                            duplicates: number;
                        };
                    };
                };
                /** @description The one error body of every endpoint. */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v0/pull-requests": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Pull requests with their class, its evidence, their times and cost, newest first */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    cursor?: string;
                    /** @description A repository id, host/owner/name */
                    repository?: string;
                    class?: "agent-authored" | "agent-assisted" | "none";
                    state?: "open" | "merged" | "closed";
                    /** @description Merged on or after this UTC day (YYYY-MM-DD) */
                    mergedFrom?: string;
                    /** @description Merged on or before this UTC day (YYYY-MM-DD) */
                    mergedTo?: string;
                    /** @description Only the pull requests this member authored a commit of */
                    userId?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            pullRequests: components["schemas"]["PullRequest"][];
                            pagination: components["schemas"]["Pagination"];
                        };
                    };
                };
                /** @description The one error body of every endpoint. */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v0/pull-requests/{pullRequestId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A pull request with its class, its evidence, its times and cost */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    pullRequestId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            pullRequest: components["schemas"]["PullRequest"];
                        };
                    };
                };
                /** @description The one error body of every endpoint. */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v0/organization/scim-tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List SCIM tokens */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    cursor?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            scimTokens: components["schemas"]["ScimToken"][];
                            scimBaseUrl: string;
                            pagination: components["schemas"]["Pagination"];
                        };
                    };
                };
                /** @description The one error body of every endpoint. */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        /** Create a SCIM token */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        name: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            name: string;
                            /** @description The first characters of the token (qd_scim_…), to tell tokens apart */
                            prefix: string;
                            /** @description Unix time in milliseconds */
                            createdAt: number;
                            lastUsedAt: number | null;
                            /** @description The secret; shown once */
                            token: string;
                            scimBaseUrl: string;
                        };
                    };
                };
                /** @description The one error body of every endpoint. */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v0/organization/scim-tokens/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Revoke a SCIM token */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description The one error body of every endpoint. */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v0/budgets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the budgets of the organization with their month figures */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    cursor?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            budgets: components["schemas"]["Budget"][];
                            pagination: components["schemas"]["Pagination"];
                        };
                    };
                };
                /** @description The one error body of every endpoint. */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        /** Create a budget for the organization or a team */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /**
                         * @description organization: every member; team: the members of `teamId`
                         * @enum {string}
                         */
                        scope: "organization" | "team";
                        /** @description Required with scope team, refused with scope organization */
                        teamId?: string;
                        /**
                         * @description money: in the organization's price currency; credits: Standard Credits
                         * @enum {string}
                         */
                        unit: "money" | "credits";
                        /** @description Per UTC month; rounded to 6 decimals */
                        amount: number;
                        /** @description Percentages of the amount at which budget.threshold_crossed is sent; stored ascending, each once. Default [50, 80, 100] */
                        thresholds?: number[];
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            budget: components["schemas"]["Budget"];
                        };
                    };
                };
                /** @description The one error body of every endpoint. */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v0/budgets/members": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Members' credit limits with this month's use and forecast */
        get: {
            parameters: {
                query?: {
                    /** @description Highest first; default percent */
                    sort?: "percent" | "used" | "forecast";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            month: string;
                            members: components["schemas"]["MemberLimitStatus"][];
                        };
                    };
                };
                /** @description The one error body of every endpoint. */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v0/budgets/{budgetId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a budget with its month figures */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    budgetId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            budget: components["schemas"]["Budget"];
                        };
                    };
                };
                /** @description The one error body of every endpoint. */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /** Delete a budget */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    budgetId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description The one error body of every endpoint. */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /** Change the amount or thresholds of a budget */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    budgetId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Per UTC month; rounded to 6 decimals */
                        amount?: number;
                        /** @description Percentages of the amount at which budget.threshold_crossed is sent; stored ascending, each once. Default [50, 80, 100] */
                        thresholds?: number[];
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            budget: components["schemas"]["Budget"];
                        };
                    };
                };
                /** @description The one error body of every endpoint. */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/v0/computers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List computers */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    cursor?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            computers: components["schemas"]["Computer"][];
                            pagination: components["schemas"]["Pagination"];
                        };
                    };
                };
                /** @description The one error body of every endpoint. */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        /** Register a computer */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        name: string;
                        /** @enum {string} */
                        providerType?: "byom" | "hosted";
                        /** @enum {string} */
                        provider?: "byom" | "hosted";
                        hostname?: string;
                        remoteUser?: string;
                        /** Format: uuid */
                        hostId?: string;
                        repos?: (string | components["schemas"]["RepoSpec"])[];
                        autoInstallDeps?: boolean;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            name: string;
                            /** @enum {string} */
                            providerType: "byom" | "hosted";
                            /** @description Unix time in milliseconds */
                            createdAt: number;
                            /** Format: uuid */
                            hostId?: string;
                            hostname?: string;
                            /** @enum {string} */
                            status?: "provisioning" | "active" | "error";
                            provisioningSteps?: components["schemas"]["ProvisioningStep"][];
                            /** Format: uri */
                            relayClientUrl?: string;
                            /** Format: uri */
                            relayAgentUrl?: string;
                            remoteUser?: string;
                            ownerPrincipalKind?: string;
                            ownerId?: string;
                            /** @description Repositories the agent clones when it provisions */
                            repos?: components["schemas"]["RepoSpec"][];
                            /** @description Whether the agent runs install-deps right after connect */
                            autoInstallDeps?: boolean;
                            /** @description Its agent's last heartbeat (Unix ms); absent until the first */
                            lastSeenAt?: number;
                            /** @description The agent's credential; shown once */
                            computerToken: string;
                        };
                    };
                };
                /** @description The one error body of every endpoint. */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v0/computers/{computerId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a computer */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    computerId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Computer"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /** Delete a computer */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    computerId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description The one error body of every endpoint. */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /** Update a computer */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    computerId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        name?: string;
                        /** Format: uuid */
                        hostId?: string;
                        remoteUser?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Computer"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/v0/computers/{computerId}/install-deps": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Retry installing dependencies */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    computerId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Computer"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v0/computers/name/{name}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a computer by name */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    name: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Computer"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v0/computers/{computerId}/restart": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Restart a computer */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    computerId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Computer"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v0/computers/{computerId}/refresh": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Refresh a computer's repositories */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    computerId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description The repositories the refresh covers */
                            configured: number;
                        };
                    };
                };
                /** @description The one error body of every endpoint. */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v0/computers/{computerId}/metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Machine metrics of a computer */
        get: {
            parameters: {
                query?: {
                    /** @description ISO 8601 time: samples from then on */
                    start?: string;
                };
                header?: never;
                path: {
                    computerId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ComputerMetric"][];
                    };
                };
                /** @description The one error body of every endpoint. */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v0/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List sessions */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    cursor?: string;
                    /** @description desc: newest first (the default); asc: oldest first. Without it, a cursor continues in its own order. */
                    order?: "asc" | "desc";
                    computerId?: string;
                    /** @description Only the sessions of this user (a member sees only their own) */
                    ownerId?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            sessions: components["schemas"]["Session"][];
                            pagination: components["schemas"]["Pagination"];
                        };
                    };
                };
                /** @description The one error body of every endpoint. */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        /** Create a session */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        title?: string;
                        computerId?: string;
                        cwd?: string;
                        /** @description The session this one is started from */
                        parentSessionId?: string;
                        sessionSettings?: components["schemas"]["SessionSettingsInput"];
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Session"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v0/sessions/{sessionId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a session */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    sessionId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Session"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /** Delete a session */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    sessionId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description The one error body of every endpoint. */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /** Update session settings, working directory or title */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    sessionId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        title?: string;
                        cwd?: string;
                        sessionSettings?: components["schemas"]["SessionSettingsInput"];
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Session"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/v0/sessions/{sessionId}/interrupt": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Interrupt a session */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    sessionId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Session"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v0/sessions/{sessionId}/messages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the messages of a session */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    cursor?: string;
                    /** @description desc: newest first (the default); asc: oldest first. Without it, a cursor continues in its own order. */
                    order?: "asc" | "desc";
                    role?: "user" | "assistant" | "tool" | "system";
                };
                header?: never;
                path: {
                    sessionId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            messages: components["schemas"]["Message"][];
                            pagination: components["schemas"]["Pagination"];
                        };
                    };
                };
                /** @description The one error body of every endpoint. */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        /** Add a user message to a session */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    sessionId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        text: string;
                        images?: {
                            /** @enum {string} */
                            type?: "base64";
                            /** @description Base64, or a data:image/...;base64, URL */
                            data: string;
                            /**
                             * @description Checked against the bytes; taken from them when absent
                             * @enum {string}
                             */
                            mediaType?: "image/png" | "image/jpeg" | "image/gif" | "image/webp";
                        }[];
                        files?: {
                            /**
                             * @description base64: `data` is base64 bytes of `mediaType`; absent: `data` is the content as text
                             * @enum {string}
                             */
                            type?: "base64";
                            mediaType?: string;
                            data: string;
                            name: string;
                            parsedData?: string;
                            path?: string;
                        }[];
                        computerId?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            messageId: string;
                            /** @enum {string} */
                            status: "idle" | "pending" | "running";
                        };
                    };
                };
                /** @description The one error body of every endpoint. */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v0/sessions/{sessionId}/messages/{messageId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get one message of a session */
        get: {
            parameters: {
                query?: {
                    computerId?: string;
                };
                header?: never;
                path: {
                    sessionId: string;
                    messageId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Message"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v0/sessions/{sessionId}/children": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the sessions started from a session */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    cursor?: string;
                    /** @description desc: newest first (the default); asc: oldest first. Without it, a cursor continues in its own order. */
                    order?: "asc" | "desc";
                };
                header?: never;
                path: {
                    sessionId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            sessions: components["schemas"]["Session"][];
                            pagination: components["schemas"]["Pagination"];
                        };
                    };
                };
                /** @description The one error body of every endpoint. */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v0/agent-sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List agent sessions */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    cursor?: string;
                    /** @description Sessions started on or after this UTC day */
                    startDate?: string;
                    /** @description Sessions started on or before this UTC day */
                    endDate?: string;
                    /** @description A user id */
                    user?: string;
                    agent?: string;
                    /** @description Sessions that called this model (as their `models` name it) */
                    model?: string;
                    /** @description A repository id (host/owner/name) or URL */
                    repository?: string;
                    /** @description A team id: the sessions of its members */
                    team?: string;
                    /** @description true: only sessions with a waste finding; false: only those without */
                    flagged?: boolean;
                    /** @description Only sessions that cost more than this, in the organization’s currency */
                    costAbove?: number;
                    /** @description start (newest first, the default), cost, duration or errors (highest first) */
                    sort?: "start" | "cost" | "duration" | "errors";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            agentSessions: components["schemas"]["AgentSession"][];
                            pagination: components["schemas"]["Pagination"];
                        };
                    };
                };
                /** @description The one error body of every endpoint. */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v0/agent-sessions/waste": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Waste found in agent sessions in a month */
        get: {
            parameters: {
                query?: {
                    /** @description The UTC month, YYYY-MM; the current one by default */
                    month?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["AgentSessionWaste"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v0/agent-sessions/{agentSessionId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get an agent session and its timeline */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    agentSessionId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["AgentSession"] & {
                            timeline: components["schemas"]["AgentSessionStep"][];
                        };
                    };
                };
                /** @description The one error body of every endpoint. */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v0/readiness/repositories": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the repositories evaluated for readiness */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            repositories: components["schemas"]["ReadinessRepository"][];
                            /** @description false: the list is empty and these are the default */
                            listed: boolean;
                        };
                    };
                };
                /** @description The one error body of every endpoint. */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        /** List a repository to evaluate for readiness */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description https://, ssh://, git:// or user@host:owner/name; no credentials in it */
                        cloneUrl: string;
                        /** @description The repository it is (a URL or host/owner/name); default: the clone URL's */
                        repoId?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            repository: components["schemas"]["ReadinessRepository"];
                        };
                    };
                };
                /** @description The one error body of every endpoint. */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v0/readiness/repositories/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Take a repository off the readiness list */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description The one error body of every endpoint. */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v0/readiness/evaluations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List readiness evaluations */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    cursor?: string;
                    /** @description host/owner/name (a repository URL is normalized to it) */
                    repoId?: string;
                    status?: "queued" | "running" | "succeeded" | "failed";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            evaluations: components["schemas"]["ReadinessEvaluation"][];
                            pagination: components["schemas"]["Pagination"];
                        };
                    };
                };
                /** @description The one error body of every endpoint. */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        /** Queue readiness evaluations now */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description One repository evaluated (a URL or host/owner/name); default: all of them */
                        repoId?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            evaluations: components["schemas"]["ReadinessEvaluation"][];
                        };
                    };
                };
                /** @description The one error body of every endpoint. */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v0/readiness/evaluations/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a readiness evaluation */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            evaluation: components["schemas"]["ReadinessEvaluation"];
                        };
                    };
                };
                /** @description The one error body of every endpoint. */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v0/auth/sign-in": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sign in to the console (sets the session cookie) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        email: string;
                        password: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ConsoleSession"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v0/auth/sso/start": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Route a sign-in by e-mail: single sign-on or password */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        email: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            method: "password" | "sso";
                            /** @description The identity provider's authorization URL (method sso) */
                            redirectUrl?: string;
                        };
                    };
                };
                /** @description The one error body of every endpoint. */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v0/auth/sso/callback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The identity provider's redirect back (single sign-on) */
        get: {
            parameters: {
                query?: {
                    state?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                303: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description The one error body of every endpoint. */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v0/auth/invitations/accept": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Accept an invitation: set a password and sign in */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        token: string;
                        /** @description At least 12 characters */
                        password: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ConsoleSession"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v0/auth/setup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create the first organization and its owner (one-time setup link) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        token: string;
                        organizationName: string;
                        /** Format: email */
                        email: string;
                        name?: string;
                        /** @description At least 12 characters */
                        password: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ConsoleSession"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v0/auth/session": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The signed-in console user */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ConsoleSession"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /** Sign out of the console */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description The identity provider's logout URL: open it to sign out there too */
                            endSessionUrl: string;
                        };
                    };
                };
                /** @description Default Response */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description The one error body of every endpoint. */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/organization/maturity-level-reports": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List readiness reports */
        get: {
            parameters: {
                query: {
                    /** @description host/owner/name (a repository URL is normalized to it) */
                    repoId?: string;
                    limit: number;
                    /** @description The reportId of the last report of the previous page */
                    startAfter?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            reports: components["schemas"]["ReadinessReport"][];
                        };
                    };
                };
                /** @description The one error body of every endpoint. */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        /** Upload a readiness report */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["ReadinessReportInput"];
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ReadinessReport"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/organization/agent-readiness-reports": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List readiness reports */
        get: {
            parameters: {
                query: {
                    /** @description host/owner/name (a repository URL is normalized to it) */
                    repoId?: string;
                    limit: number;
                    /** @description The reportId of the last report of the previous page */
                    startAfter?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            reports: components["schemas"]["ReadinessReport"][];
                        };
                    };
                };
                /** @description The one error body of every endpoint. */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        /** Upload a readiness report */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["ReadinessReportInput"];
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ReadinessReport"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/telemetry/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Report telemetry events (1-1000, idempotent per event id) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        events: {
                            [key: string]: unknown;
                        }[];
                    };
                };
            };
            responses: {
                /** @description Default Response */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            accepted: number;
                            duplicates: number;
                            /** @description With an ingest key: events kept for an identity no member matches yet (docs/otel.md) */
                            unattributed?: number;
                        };
                    };
                };
                /** @description The one error body of every endpoint. */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/analytics/tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Standard Credits and tokens per day
         * @description JSON by default; `Accept: text/csv` answers the `data` rows as CSV (see docs/cli.md).
         */
        get: {
            parameters: {
                query: {
                    /** @description YYYY-MM-DD (UTC), first day */
                    startDate: string;
                    /** @description YYYY-MM-DD (UTC), last day; at the latest yesterday */
                    endDate: string;
                    group_by?: "model" | "agent" | "repository" | "team";
                    /** @description With group_by=team: that team only */
                    team_id?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: ({
                                /**
                                 * Format: date
                                 * @description YYYY-MM-DD (UTC)
                                 */
                                date: string;
                                billable_tokens: number;
                                input_tokens: number;
                                output_tokens: number;
                                cache_read_tokens: number;
                                cache_write_tokens: number;
                                /** @description At the organization's prices, in meta.currency; leaves out unpriced_models */
                                cost?: number;
                                /** @description Models of this figure that have no price (their cost is not in `cost`) */
                                unpriced_models?: string[];
                                /** @description The cost the agents reported themselves (USD); null when none did */
                                reported_cost_usd?: number | null;
                                by_model: {
                                    model_id: string;
                                    model_tier: string;
                                    billable_tokens: number;
                                    input_tokens: number;
                                    output_tokens: number;
                                    /** @description At the organization's prices, in meta.currency; null: the model has no price */
                                    cost?: number | null;
                                    /** @description The cost the agents reported themselves (USD); null when none did */
                                    reported_cost_usd?: number | null;
                                }[];
                                by_user: {
                                    user_id: string;
                                    user_email: string;
                                    billable_tokens: number;
                                    /** @description At the organization's prices, in meta.currency; leaves out unpriced_models */
                                    cost?: number;
                                    /** @description Models of this figure that have no price (their cost is not in `cost`) */
                                    unpriced_models?: string[];
                                    /** @description The cost the agents reported themselves (USD); null when none did */
                                    reported_cost_usd?: number | null;
                                    by_model: {
                                        model_id: string;
                                        model_tier: string;
                                        billable_tokens: number;
                                        input_tokens: number;
                                        output_tokens: number;
                                        /** @description At the organization's prices, in meta.currency; null: the model has no price */
                                        cost?: number | null;
                                        /** @description The cost the agents reported themselves (USD); null when none did */
                                        reported_cost_usd?: number | null;
                                    }[];
                                }[];
                            } | {
                                /**
                                 * Format: date
                                 * @description YYYY-MM-DD (UTC)
                                 */
                                date: string;
                                group_key: string;
                                /** @description The team name now (group_key is its id) */
                                team_name: string;
                                billable_tokens: number;
                                input_tokens: number;
                                output_tokens: number;
                                cache_read_tokens: number;
                                cache_write_tokens: number;
                                /** @description At the organization's prices, in meta.currency; leaves out unpriced_models */
                                cost?: number;
                                /** @description Models of this figure that have no price (their cost is not in `cost`) */
                                unpriced_models?: string[];
                                /** @description The cost the agents reported themselves (USD); null when none did */
                                reported_cost_usd?: number | null;
                            } | {
                                /**
                                 * Format: date
                                 * @description YYYY-MM-DD (UTC)
                                 */
                                date: string;
                                group_key: string;
                                billable_tokens: number;
                                input_tokens: number;
                                output_tokens: number;
                                /** @description At the organization's prices, in meta.currency; null: the model has no price */
                                cost?: number | null;
                                /** @description The cost the agents reported themselves (USD); null when none did */
                                reported_cost_usd?: number | null;
                            } | {
                                /**
                                 * Format: date
                                 * @description YYYY-MM-DD (UTC)
                                 */
                                date: string;
                                group_key: string;
                                billable_tokens: number;
                                input_tokens: number;
                                output_tokens: number;
                                cache_read_tokens: number;
                                cache_write_tokens: number;
                                /** @description At the organization's prices, in meta.currency; leaves out unpriced_models */
                                cost?: number;
                                /** @description Models of this figure that have no price (their cost is not in `cost`) */
                                unpriced_models?: string[];
                                /** @description The cost the agents reported themselves (USD); null when none did */
                                reported_cost_usd?: number | null;
                            })[];
                            meta: {
                                org_id: string;
                                /**
                                 * Format: date
                                 * @description YYYY-MM-DD (UTC)
                                 */
                                start_date: string;
                                /**
                                 * Format: date
                                 * @description YYYY-MM-DD (UTC)
                                 */
                                end_date: string;
                                /** @description ISO 4217 code of the `cost` fields */
                                currency: string;
                            };
                        };
                    };
                };
                /** @description The one error body of every endpoint. */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/analytics/tools": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Tool and automation usage per day
         * @description JSON by default; `Accept: text/csv` answers the `data` rows as CSV (see docs/cli.md).
         */
        get: {
            parameters: {
                query: {
                    /** @description YYYY-MM-DD (UTC), first day */
                    startDate: string;
                    /** @description YYYY-MM-DD (UTC), last day; at the latest yesterday */
                    endDate: string;
                    group_by?: "tool_name" | "agent" | "repository" | "tool_source" | "team";
                    /** @description With group_by=team: that team only */
                    team_id?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: ({
                                /**
                                 * Format: date
                                 * @description YYYY-MM-DD (UTC)
                                 */
                                date: string;
                                tool_calls: number;
                                by_tool: {
                                    tool: string;
                                    invocations: number;
                                }[];
                                mcp_users_with_mcp: number;
                                mcp_by_server: {
                                    server: string;
                                    invocations: number;
                                }[];
                                skills_invocations: number;
                                skills_by_name: {
                                    name: string;
                                    count: number;
                                }[];
                                slash_commands_invocations: number;
                                slash_commands_by_name: {
                                    name: string;
                                    count: number;
                                }[];
                                hooks_invocations: number;
                                hooks_by_event: {
                                    event: string;
                                    matcher: string;
                                    command: string;
                                    count: number;
                                }[];
                                web_users: number;
                                autonomy_ratio_avg: number;
                                autonomy_ratio_p50: number;
                                autonomy_ratio_p90: number;
                                tool_calls_per_session_avg: number;
                                user_turns_per_session_avg: number;
                                tool_autonomy_level_ratio: {
                                    auto_high: number;
                                    auto_medium: number;
                                    auto_low: number;
                                    manual: number;
                                };
                            } | {
                                /**
                                 * Format: date
                                 * @description YYYY-MM-DD (UTC)
                                 */
                                date: string;
                                group_key: string;
                                /** @description The team name now (group_key is its id) */
                                team_name: string;
                                tool_calls: number;
                                mcp_calls: number;
                                skills_invocations: number;
                                slash_commands_invocations: number;
                                hooks_invocations: number;
                                decisions_accepted: number;
                                decisions_rejected: number;
                            } | {
                                /**
                                 * Format: date
                                 * @description YYYY-MM-DD (UTC)
                                 */
                                date: string;
                                group_key: string;
                                tool_calls: number;
                            } | {
                                /**
                                 * Format: date
                                 * @description YYYY-MM-DD (UTC)
                                 */
                                date: string;
                                group_key: string;
                                tool_calls: number;
                            } | {
                                /**
                                 * Format: date
                                 * @description YYYY-MM-DD (UTC)
                                 */
                                date: string;
                                group_key: string;
                                tool_calls: number;
                                mcp_calls: number;
                                skills_invocations: number;
                                slash_commands_invocations: number;
                                hooks_invocations: number;
                                decisions_accepted: number;
                                decisions_rejected: number;
                            })[];
                            meta: {
                                org_id: string;
                                /**
                                 * Format: date
                                 * @description YYYY-MM-DD (UTC)
                                 */
                                start_date: string;
                                /**
                                 * Format: date
                                 * @description YYYY-MM-DD (UTC)
                                 */
                                end_date: string;
                            };
                        };
                    };
                };
                /** @description The one error body of every endpoint. */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/analytics/activity": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Active users, sessions and messages per day
         * @description JSON by default; `Accept: text/csv` answers the `data` rows as CSV (see docs/cli.md).
         */
        get: {
            parameters: {
                query: {
                    /** @description YYYY-MM-DD (UTC), first day */
                    startDate: string;
                    /** @description YYYY-MM-DD (UTC), last day; at the latest yesterday */
                    endDate: string;
                    group_by?: "client" | "agent" | "repository" | "team";
                    /** @description With group_by=team: that team only */
                    team_id?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: ({
                                /**
                                 * Format: date
                                 * @description YYYY-MM-DD (UTC)
                                 */
                                date: string;
                                daily_active_users: number;
                                weekly_active_users: number;
                                monthly_active_users: number;
                                daily_active_users_by_client: {
                                    "terminal-ui": number;
                                    web: number;
                                    "non-interactive-cli": number;
                                };
                                sessions: number;
                                messages: number;
                                user_messages: number;
                            } | {
                                /**
                                 * Format: date
                                 * @description YYYY-MM-DD (UTC)
                                 */
                                date: string;
                                group_key: string;
                                /** @description The team name now (group_key is its id) */
                                team_name: string;
                                daily_active_users: number;
                                sessions: number;
                                messages: number;
                                user_messages: number;
                            } | {
                                /**
                                 * Format: date
                                 * @description YYYY-MM-DD (UTC)
                                 */
                                date: string;
                                group_key: string;
                                daily_active_users: number;
                            } | {
                                /**
                                 * Format: date
                                 * @description YYYY-MM-DD (UTC)
                                 */
                                date: string;
                                group_key: string;
                                daily_active_users: number;
                                sessions: number;
                                messages: number;
                                user_messages: number;
                            })[];
                            meta: {
                                org_id: string;
                                /**
                                 * Format: date
                                 * @description YYYY-MM-DD (UTC)
                                 */
                                start_date: string;
                                /**
                                 * Format: date
                                 * @description YYYY-MM-DD (UTC)
                                 */
                                end_date: string;
                            };
                        };
                    };
                };
                /** @description The one error body of every endpoint. */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/analytics/productivity": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Files created and edited, commits and pull requests per day
         * @description JSON by default; `Accept: text/csv` answers the `data` rows as CSV (see docs/cli.md).
         */
        get: {
            parameters: {
                query: {
                    /** @description YYYY-MM-DD (UTC), first day */
                    startDate: string;
                    /** @description YYYY-MM-DD (UTC), last day; at the latest yesterday */
                    endDate: string;
                    group_by?: "agent" | "repository" | "team";
                    /** @description With group_by=team: that team only */
                    team_id?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: ({
                                /**
                                 * Format: date
                                 * @description YYYY-MM-DD (UTC)
                                 */
                                date: string;
                                files_created: number;
                                files_edited: number;
                                by_extension: {
                                    extension: string;
                                    count: number;
                                }[];
                                by_language: {
                                    language: string;
                                    count: number;
                                }[];
                                git_commits: number;
                                git_prs_created: number;
                            } | {
                                /**
                                 * Format: date
                                 * @description YYYY-MM-DD (UTC)
                                 */
                                date: string;
                                group_key: string;
                                /** @description The team name now (group_key is its id) */
                                team_name: string;
                                files_created: number;
                                files_edited: number;
                                git_commits: number;
                                git_prs_created: number;
                                lines_added: number;
                                lines_removed: number;
                            } | {
                                /**
                                 * Format: date
                                 * @description YYYY-MM-DD (UTC)
                                 */
                                date: string;
                                group_key: string;
                                files_created: number;
                                files_edited: number;
                                git_commits: number;
                                git_prs_created: number;
                                lines_added: number;
                                lines_removed: number;
                            })[];
                            meta: {
                                org_id: string;
                                /**
                                 * Format: date
                                 * @description YYYY-MM-DD (UTC)
                                 */
                                start_date: string;
                                /**
                                 * Format: date
                                 * @description YYYY-MM-DD (UTC)
                                 */
                                end_date: string;
                            };
                        };
                    };
                };
                /** @description The one error body of every endpoint. */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/analytics/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Per-user metrics per day, paged by user
         * @description JSON by default; `Accept: text/csv` answers the `data` rows as CSV (see docs/cli.md).
         */
        get: {
            parameters: {
                query: {
                    /** @description YYYY-MM-DD (UTC), first day */
                    startDate: string;
                    /** @description YYYY-MM-DD (UTC), last day; at the latest yesterday */
                    endDate: string;
                    /** @description Users per page */
                    limit: number;
                    /** @description meta.next_cursor of the previous page: a user id */
                    cursor?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                user_id: string;
                                user_email: string | null;
                                /**
                                 * Format: date
                                 * @description YYYY-MM-DD (UTC)
                                 */
                                date: string;
                                tool_calls: number;
                                billable_tokens: number;
                                /** @description At the organization's prices, in meta.currency; leaves out unpriced_models */
                                cost?: number;
                                /** @description Models of this figure that have no price (their cost is not in `cost`) */
                                unpriced_models?: string[];
                                /** @description The cost the agents reported themselves (USD); null when none did */
                                reported_cost_usd?: number | null;
                                primary_model: string;
                                /** @enum {string} */
                                primary_model_tier: "standard" | "thinking";
                                by_model?: {
                                    model_id: string;
                                    model_tier: string;
                                    billable_tokens: number;
                                    input_tokens: number;
                                    output_tokens: number;
                                    /** @description At the organization's prices, in meta.currency; null: the model has no price */
                                    cost?: number | null;
                                    /** @description The cost the agents reported themselves (USD); null when none did */
                                    reported_cost_usd?: number | null;
                                }[];
                                files_created: number;
                                files_edited: number;
                                git_commits: number;
                                git_prs_created: number;
                                mcp_calls: number;
                                skill_calls: number;
                                slash_commands: number;
                                hooks: number;
                                sessions: number;
                                messages: number;
                                user_messages: number;
                                assistant_messages: number;
                                autonomy_ratio: number;
                                /** @enum {string} */
                                delegation_level: "auto-high" | "auto-medium" | "auto-low" | "spec" | "manual";
                                languages: string[];
                            }[];
                            meta: {
                                org_id: string;
                                /**
                                 * Format: date
                                 * @description YYYY-MM-DD (UTC)
                                 */
                                start_date: string;
                                /**
                                 * Format: date
                                 * @description YYYY-MM-DD (UTC)
                                 */
                                end_date: string;
                                /** @description ISO 4217 code of the `cost` fields */
                                currency: string;
                                has_more: boolean;
                                next_cursor: string | null;
                            };
                        };
                    };
                };
                /** @description The one error body of every endpoint. */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/analytics/repositories": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Repositories over a range, most cost first: cost, Standard Credits, tokens, members, sessions, lines, commits, pull requests, latest readiness
         * @description JSON by default; `Accept: text/csv` answers the `data` rows as CSV (see docs/cli.md).
         */
        get: {
            parameters: {
                query: {
                    /** @description YYYY-MM-DD (UTC), first day */
                    startDate: string;
                    /** @description YYYY-MM-DD (UTC), last day; at the latest yesterday */
                    endDate: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /** @description The repository id, host/owner/name */
                                repository: string;
                                billable_tokens: number;
                                input_tokens: number;
                                output_tokens: number;
                                cache_read_tokens: number;
                                cache_write_tokens: number;
                                /** @description At the organization's prices, in meta.currency; leaves out unpriced_models */
                                cost?: number;
                                /** @description Models of this figure that have no price (their cost is not in `cost`) */
                                unpriced_models?: string[];
                                /** @description The cost the agents reported themselves (USD); null when none did */
                                reported_cost_usd?: number | null;
                                /** @description Distinct members with any event in the repository over the range */
                                active_members: number;
                                sessions: number;
                                lines_added: number;
                                lines_removed: number;
                                git_commits: number;
                                git_prs_created: number;
                                readiness_report_id: string | null;
                                readiness_created_at: string | null;
                                readiness_criteria_passed: number | null;
                                readiness_criteria_applicable: number | null;
                                readiness_score: number | null;
                            }[];
                            meta: {
                                org_id: string;
                                /**
                                 * Format: date
                                 * @description YYYY-MM-DD (UTC)
                                 */
                                start_date: string;
                                /**
                                 * Format: date
                                 * @description YYYY-MM-DD (UTC)
                                 */
                                end_date: string;
                                /** @description ISO 4217 code of the `cost` fields */
                                currency: string;
                            };
                        };
                    };
                };
                /** @description The one error body of every endpoint. */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/analytics/outcomes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Pull requests merged per day (all, agent-assisted, agent-authored), closed unmerged, reverted, merged lines, time to merge and cost per merged pull request
         * @description JSON by default; `Accept: text/csv` answers the `data` rows as CSV (see docs/cli.md).
         */
        get: {
            parameters: {
                query: {
                    /** @description YYYY-MM-DD (UTC), first day */
                    startDate: string;
                    /** @description YYYY-MM-DD (UTC), last day; at the latest yesterday */
                    endDate: string;
                    group_by?: "repository" | "team" | "agent" | "user";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: ({
                                /**
                                 * Format: date
                                 * @description YYYY-MM-DD (UTC)
                                 */
                                date: string;
                                group_key: string;
                                /** @description The team name now (group_key is its id) */
                                team_name: string;
                                pull_requests_merged: number;
                                /** @description Merged pull requests with any agent evidence (agent-authored ones included) */
                                pull_requests_merged_agent_assisted: number;
                                pull_requests_merged_agent_authored: number;
                                pull_requests_closed_unmerged: number;
                                /** @description Of the merged ones, those reverted within 30 days of their merge */
                                pull_requests_reverted: number;
                                /** @description Lines the merged pull requests added, where the host reports them (GitHub) */
                                merged_lines_added: number;
                                merged_lines_removed: number;
                                merged_lines_added_agent_assisted: number;
                                merged_lines_removed_agent_assisted: number;
                                /** @description From the first commit to the merge, over merged pull requests with a known commit; null when none */
                                median_minutes_to_merge: number | null;
                                /** @description The same, agent-assisted pull requests only */
                                median_minutes_to_merge_agent_assisted: number | null;
                                /** @description The same, pull requests without agent evidence only */
                                median_minutes_to_merge_none: number | null;
                                /** @description The agent usage that led to the merged pull requests, at the organization's prices, in meta.currency (docs/outcomes.md) */
                                merged_cost: number;
                                /** @description merged_cost / pull_requests_merged; null when none was merged */
                                cost_per_merged_pull_request: number | null;
                                /** @description Models of that usage without a price (left out of the cost) */
                                unpriced_models: string[];
                                /** @description From the first commit to the merge, 90th percentile (interpolated); null when no merged pull request has a known commit */
                                p90_minutes_to_merge: number | null;
                                /** @description The same, agent-assisted pull requests only */
                                p90_minutes_to_merge_agent_assisted: number | null;
                                /** @description The same, pull requests without agent evidence only */
                                p90_minutes_to_merge_none: number | null;
                                /** @description From the opening to the first review by someone other than the author (GitHub) or the first approval (GitLab), over the day's pull requests reviewed before their merge or close; null when none */
                                median_minutes_to_first_review: number | null;
                                /** @description The same, agent-assisted pull requests only */
                                median_minutes_to_first_review_agent_assisted: number | null;
                                /** @description The same, pull requests without agent evidence only */
                                median_minutes_to_first_review_none: number | null;
                                /** @description From the opening to the first review, 90th percentile (interpolated); null when none */
                                p90_minutes_to_first_review: number | null;
                                /** @description The same, agent-assisted pull requests only */
                                p90_minutes_to_first_review_agent_assisted: number | null;
                                /** @description The same, pull requests without agent evidence only */
                                p90_minutes_to_first_review_none: number | null;
                                /** @description Of the pull requests closed unmerged, those with any agent evidence */
                                pull_requests_closed_unmerged_agent_assisted: number;
                                /** @description Merged / (merged + closed unmerged) that day; null when none ended */
                                merge_rate: number | null;
                                /** @description The same, agent-assisted pull requests only */
                                merge_rate_agent_assisted: number | null;
                                /** @description The same, pull requests without agent evidence only */
                                merge_rate_none: number | null;
                                /** @description The Standard Credits of the same usage */
                                merged_credits: number;
                                /** @description merged_credits / pull_requests_merged, to a micro-credit; null when none was merged */
                                credits_per_merged_pull_request: number | null;
                            } | {
                                /**
                                 * Format: date
                                 * @description YYYY-MM-DD (UTC)
                                 */
                                date: string;
                                group_key: string;
                                pull_requests_merged: number;
                                /** @description Merged pull requests with any agent evidence (agent-authored ones included) */
                                pull_requests_merged_agent_assisted: number;
                                pull_requests_merged_agent_authored: number;
                                pull_requests_closed_unmerged: number;
                                /** @description Of the merged ones, those reverted within 30 days of their merge */
                                pull_requests_reverted: number;
                                /** @description Lines the merged pull requests added, where the host reports them (GitHub) */
                                merged_lines_added: number;
                                merged_lines_removed: number;
                                merged_lines_added_agent_assisted: number;
                                merged_lines_removed_agent_assisted: number;
                                /** @description From the first commit to the merge, over merged pull requests with a known commit; null when none */
                                median_minutes_to_merge: number | null;
                                /** @description The same, agent-assisted pull requests only */
                                median_minutes_to_merge_agent_assisted: number | null;
                                /** @description The same, pull requests without agent evidence only */
                                median_minutes_to_merge_none: number | null;
                                /** @description The agent usage that led to the merged pull requests, at the organization's prices, in meta.currency (docs/outcomes.md) */
                                merged_cost: number;
                                /** @description merged_cost / pull_requests_merged; null when none was merged */
                                cost_per_merged_pull_request: number | null;
                                /** @description Models of that usage without a price (left out of the cost) */
                                unpriced_models: string[];
                                /** @description From the first commit to the merge, 90th percentile (interpolated); null when no merged pull request has a known commit */
                                p90_minutes_to_merge: number | null;
                                /** @description The same, agent-assisted pull requests only */
                                p90_minutes_to_merge_agent_assisted: number | null;
                                /** @description The same, pull requests without agent evidence only */
                                p90_minutes_to_merge_none: number | null;
                                /** @description From the opening to the first review by someone other than the author (GitHub) or the first approval (GitLab), over the day's pull requests reviewed before their merge or close; null when none */
                                median_minutes_to_first_review: number | null;
                                /** @description The same, agent-assisted pull requests only */
                                median_minutes_to_first_review_agent_assisted: number | null;
                                /** @description The same, pull requests without agent evidence only */
                                median_minutes_to_first_review_none: number | null;
                                /** @description From the opening to the first review, 90th percentile (interpolated); null when none */
                                p90_minutes_to_first_review: number | null;
                                /** @description The same, agent-assisted pull requests only */
                                p90_minutes_to_first_review_agent_assisted: number | null;
                                /** @description The same, pull requests without agent evidence only */
                                p90_minutes_to_first_review_none: number | null;
                                /** @description Of the pull requests closed unmerged, those with any agent evidence */
                                pull_requests_closed_unmerged_agent_assisted: number;
                                /** @description Merged / (merged + closed unmerged) that day; null when none ended */
                                merge_rate: number | null;
                                /** @description The same, agent-assisted pull requests only */
                                merge_rate_agent_assisted: number | null;
                                /** @description The same, pull requests without agent evidence only */
                                merge_rate_none: number | null;
                                /** @description The Standard Credits of the same usage */
                                merged_credits: number;
                                /** @description merged_credits / pull_requests_merged, to a micro-credit; null when none was merged */
                                credits_per_merged_pull_request: number | null;
                            } | {
                                /**
                                 * Format: date
                                 * @description YYYY-MM-DD (UTC)
                                 */
                                date: string;
                                pull_requests_merged: number;
                                /** @description Merged pull requests with any agent evidence (agent-authored ones included) */
                                pull_requests_merged_agent_assisted: number;
                                pull_requests_merged_agent_authored: number;
                                pull_requests_closed_unmerged: number;
                                /** @description Of the merged ones, those reverted within 30 days of their merge */
                                pull_requests_reverted: number;
                                /** @description Lines the merged pull requests added, where the host reports them (GitHub) */
                                merged_lines_added: number;
                                merged_lines_removed: number;
                                merged_lines_added_agent_assisted: number;
                                merged_lines_removed_agent_assisted: number;
                                /** @description From the first commit to the merge, over merged pull requests with a known commit; null when none */
                                median_minutes_to_merge: number | null;
                                /** @description The same, agent-assisted pull requests only */
                                median_minutes_to_merge_agent_assisted: number | null;
                                /** @description The same, pull requests without agent evidence only */
                                median_minutes_to_merge_none: number | null;
                                /** @description The agent usage that led to the merged pull requests, at the organization's prices, in meta.currency (docs/outcomes.md) */
                                merged_cost: number;
                                /** @description merged_cost / pull_requests_merged; null when none was merged */
                                cost_per_merged_pull_request: number | null;
                                /** @description Models of that usage without a price (left out of the cost) */
                                unpriced_models: string[];
                                /** @description From the first commit to the merge, 90th percentile (interpolated); null when no merged pull request has a known commit */
                                p90_minutes_to_merge: number | null;
                                /** @description The same, agent-assisted pull requests only */
                                p90_minutes_to_merge_agent_assisted: number | null;
                                /** @description The same, pull requests without agent evidence only */
                                p90_minutes_to_merge_none: number | null;
                                /** @description From the opening to the first review by someone other than the author (GitHub) or the first approval (GitLab), over the day's pull requests reviewed before their merge or close; null when none */
                                median_minutes_to_first_review: number | null;
                                /** @description The same, agent-assisted pull requests only */
                                median_minutes_to_first_review_agent_assisted: number | null;
                                /** @description The same, pull requests without agent evidence only */
                                median_minutes_to_first_review_none: number | null;
                                /** @description From the opening to the first review, 90th percentile (interpolated); null when none */
                                p90_minutes_to_first_review: number | null;
                                /** @description The same, agent-assisted pull requests only */
                                p90_minutes_to_first_review_agent_assisted: number | null;
                                /** @description The same, pull requests without agent evidence only */
                                p90_minutes_to_first_review_none: number | null;
                                /** @description Of the pull requests closed unmerged, those with any agent evidence */
                                pull_requests_closed_unmerged_agent_assisted: number;
                                /** @description Merged / (merged + closed unmerged) that day; null when none ended */
                                merge_rate: number | null;
                                /** @description The same, agent-assisted pull requests only */
                                merge_rate_agent_assisted: number | null;
                                /** @description The same, pull requests without agent evidence only */
                                merge_rate_none: number | null;
                                /** @description The Standard Credits of the same usage */
                                merged_credits: number;
                                /** @description merged_credits / pull_requests_merged, to a micro-credit; null when none was merged */
                                credits_per_merged_pull_request: number | null;
                            })[];
                            meta: {
                                org_id: string;
                                /**
                                 * Format: date
                                 * @description YYYY-MM-DD (UTC)
                                 */
                                start_date: string;
                                /**
                                 * Format: date
                                 * @description YYYY-MM-DD (UTC)
                                 */
                                end_date: string;
                                /** @description ISO 4217 code of the `cost` fields */
                                currency: string;
                            };
                        };
                    };
                };
                /** @description The one error body of every endpoint. */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/analytics/attributed-costs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Tokens and cost per day by skill, sub-agent, plugin and MCP server, where the agent attributes its usage
         * @description JSON by default; `Accept: text/csv` answers the `data` rows as CSV (see docs/cli.md).
         */
        get: {
            parameters: {
                query: {
                    /** @description YYYY-MM-DD (UTC), first day */
                    startDate: string;
                    /** @description YYYY-MM-DD (UTC), last day; at the latest yesterday */
                    endDate: string;
                    /** @description One kind only (all four when absent) */
                    group_by?: "skill" | "subagent" | "plugin" | "mcp_server";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /**
                                 * Format: date
                                 * @description YYYY-MM-DD (UTC)
                                 */
                                date: string;
                                /**
                                 * @description What the usage was attributed to
                                 * @enum {string}
                                 */
                                kind: "skill" | "subagent" | "plugin" | "mcp_server";
                                /** @description The skill, sub-agent, plugin or MCP server, as the agent names it */
                                group_key: string;
                                input_tokens: number;
                                output_tokens: number;
                                cache_read_tokens: number;
                                cache_write_tokens: number;
                                /** @description At the organization's prices, in meta.currency; leaves out unpriced_models */
                                cost: number;
                                /** @description Models of this row that have no price (their tokens are not in `cost`) */
                                unpriced_models: string[];
                                /** @description The cost the agent reported itself (USD); null when none did */
                                reported_cost_usd: number | null;
                            }[];
                            meta: {
                                org_id: string;
                                /**
                                 * Format: date
                                 * @description YYYY-MM-DD (UTC)
                                 */
                                start_date: string;
                                /**
                                 * Format: date
                                 * @description YYYY-MM-DD (UTC)
                                 */
                                end_date: string;
                                /** @description ISO 4217 code of the `cost` fields */
                                currency: string;
                            };
                        };
                    };
                };
                /** @description The one error body of every endpoint. */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/analytics/today": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Today so far (UTC), live and partial: tokens, Standard Credits and cost per person, model and agent product
         * @description JSON by default; `Accept: text/csv` answers the `data` rows as CSV (see docs/cli.md).
         */
        get: {
            parameters: {
                query?: {
                    /** @description One breakdown only, without the total row */
                    group_by?: "user" | "model" | "agent";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /**
                                 * @description total (one row), or the breakdown the row is of
                                 * @enum {string}
                                 */
                                dimension: "total" | "user" | "model" | "agent";
                                /** @description The user id, model id or agent product; "(none)" for events of no agent product; "" for the total */
                                group_key: string;
                                /** @description The user's e-mail (user rows only) */
                                user_email: string | null;
                                model_calls: number;
                                /** @description Standard Credits */
                                billable_tokens: number;
                                input_tokens: number;
                                output_tokens: number;
                                cache_read_tokens: number;
                                cache_write_tokens: number;
                                /** @description At the organization's prices, in meta.currency; leaves out unpriced_models */
                                cost: number;
                                /** @description Models of this row that have no price (their tokens are not in `cost`) */
                                unpriced_models: string[];
                                /** @description The cost the agent reported itself (USD); null when none did */
                                reported_cost_usd: number | null;
                            }[];
                            meta: {
                                org_id: string;
                                /**
                                 * Format: date
                                 * @description Today (UTC)
                                 */
                                date: string;
                                /**
                                 * Format: date-time
                                 * @description The instant the figures were read; every event stored before it counts
                                 */
                                as_of: string;
                                /** @enum {boolean} */
                                live: true;
                                /**
                                 * @description The day is not over: figures grow until midnight UTC, and late events may still add to them
                                 * @enum {boolean}
                                 */
                                partial: true;
                                /** @description ISO 4217 code of the `cost` fields */
                                currency: string;
                            };
                        };
                    };
                };
                /** @description The one error body of every endpoint. */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/analytics/model-latency": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Time to first token per day and model (median, 90th percentile), where the agent reports it
         * @description JSON by default; `Accept: text/csv` answers the `data` rows as CSV (see docs/cli.md).
         */
        get: {
            parameters: {
                query: {
                    /** @description YYYY-MM-DD (UTC), first day */
                    startDate: string;
                    /** @description YYYY-MM-DD (UTC), last day; at the latest yesterday */
                    endDate: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /**
                                 * Format: date
                                 * @description YYYY-MM-DD (UTC)
                                 */
                                date: string;
                                model_id: string;
                                /** @description Model calls of this model that day that reported their time to first token */
                                timed_calls: number;
                                /** @description Median time to first token, milliseconds (linear interpolation between calls) */
                                ttft_ms_p50: number;
                                /** @description 90th percentile of the time to first token, milliseconds (linear interpolation) */
                                ttft_ms_p90: number;
                            }[];
                            meta: {
                                org_id: string;
                                /**
                                 * Format: date
                                 * @description YYYY-MM-DD (UTC)
                                 */
                                start_date: string;
                                /**
                                 * Format: date
                                 * @description YYYY-MM-DD (UTC)
                                 */
                                end_date: string;
                            };
                        };
                    };
                };
                /** @description The one error body of every endpoint. */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/analytics/premium-requests": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Copilot's premium requests per day, person, agent product and model (a count, never money)
         * @description JSON by default; `Accept: text/csv` answers the `data` rows as CSV (see docs/cli.md).
         */
        get: {
            parameters: {
                query: {
                    /** @description YYYY-MM-DD (UTC), first day */
                    startDate: string;
                    /** @description YYYY-MM-DD (UTC), last day; at the latest yesterday */
                    endDate: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /**
                                 * Format: date
                                 * @description YYYY-MM-DD (UTC)
                                 */
                                date: string;
                                user_id: string;
                                /** @description The user's e-mail; null: no longer known */
                                user_email: string | null;
                                /** @description The agent product that reported them (copilot-cli); "(none)" for events imported without one */
                                agent: string;
                                model_id: string;
                                /** @description Model calls that reported premium requests (0 included: a model in the plan) */
                                model_calls: number;
                                /** @description Premium requests used, as the agent reported them (up to 6 decimals) */
                                premium_requests: number;
                            }[];
                            meta: {
                                org_id: string;
                                /**
                                 * Format: date
                                 * @description YYYY-MM-DD (UTC)
                                 */
                                start_date: string;
                                /**
                                 * Format: date
                                 * @description YYYY-MM-DD (UTC)
                                 */
                                end_date: string;
                            };
                        };
                    };
                };
                /** @description The one error body of every endpoint. */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/git-hosts/{gitHostId}/webhook": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A git host's webhook delivery (GitHub or GitLab), signed with the host's secret */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    gitHostId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /**
                             * @description duplicate: this delivery id was stored before; nothing changed
                             * @enum {string}
                             */
                            outcome: "stored" | "ignored" | "duplicate";
                        };
                    };
                };
                /** @description The one error body of every endpoint. */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v0/agent/heartbeat": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Agent heartbeat */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        runIds?: string[];
                        metrics?: components["schemas"]["MetricSampleInput"];
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            computer: components["schemas"]["Computer"];
                            lostRunIds: string[];
                            /** @description What the agent is asked to do (docs/agent.md) */
                            commands: ("restart" | "refresh")[];
                        };
                    };
                };
                /** @description The one error body of every endpoint. */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v0/agent/provisioning-steps/{stepId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Report a provisioning step */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    stepId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @enum {string} */
                        status: "pending" | "running" | "completed" | "failed";
                        error?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            computer: components["schemas"]["Computer"];
                        };
                    };
                };
                /** @description The one error body of every endpoint. */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/v0/agent/claim": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Claim the next queued user message */
        post: {
            parameters: {
                query: {
                    waitMs: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            sessionId: string;
                            /** @description The run this claim started; name it on posts, finish and heartbeats */
                            runId: string;
                            /** @description When the run returns to the queue unless a heartbeat or post renews it (Unix ms) */
                            leaseExpiresAt: number;
                            message: components["schemas"]["Message"];
                            session: components["schemas"]["Session"];
                        };
                    };
                };
                /** @description Default Response */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description The one error body of every endpoint. */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v0/agent/sessions/{sessionId}/messages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Post an agent message to a running session */
        post: {
            parameters: {
                query?: {
                    runId?: string;
                };
                header?: never;
                path: {
                    sessionId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @enum {string} */
                        role: "assistant" | "tool" | "system";
                        content: {
                            text: string;
                            type?: string;
                            id?: string;
                        }[];
                        parentId?: string;
                        usage?: {
                            modelId: string;
                            /** @enum {string} */
                            modelTier: "standard" | "thinking";
                            inputTokens: number;
                            outputTokens: number;
                            cacheReadTokens: number;
                            cacheWriteTokens: number;
                            reportedCostUsd?: number;
                            premiumRequests?: number;
                            cacheWrite1hTokens?: number;
                            ttftMs?: number;
                            thinkingTokens?: number;
                        };
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            messageId: string;
                        };
                    };
                };
                /** @description The one error body of every endpoint. */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v0/agent/sessions/{sessionId}/finish": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Finish the run of a session */
        post: {
            parameters: {
                query?: {
                    runId?: string;
                };
                header?: never;
                path: {
                    sessionId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            status: "idle" | "pending" | "running";
                        };
                    };
                };
                /** @description The one error body of every endpoint. */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v0/agent/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Start a session from one routed to this computer */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        parentSessionId: string;
                        title?: string;
                        cwd?: string;
                        sessionSettings?: components["schemas"]["SessionSettingsInput"];
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Session"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v0/agent/readiness-evaluations/claim": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Claim the next readiness evaluation */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            evaluation: components["schemas"]["ReadinessEvaluation"];
                            /** @description When the evaluation returns to the queue unless finished (Unix ms) */
                            leaseExpiresAt: number;
                        };
                    };
                };
                /** @description Default Response */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description The one error body of every endpoint. */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v0/agent/readiness-evaluations/{id}/report": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Upload the report of a claimed readiness evaluation */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["ReadinessReportInput"];
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            evaluation: components["schemas"]["ReadinessEvaluation"];
                            report: components["schemas"]["ReadinessReport"];
                        };
                    };
                };
                /** @description The one error body of every endpoint. */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v0/agent/readiness-evaluations/{id}/failure": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Report that a claimed readiness evaluation failed */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description What failed: the clone, the fetch, the evaluator */
                        error: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            evaluation: components["schemas"]["ReadinessEvaluation"];
                        };
                    };
                };
                /** @description The one error body of every endpoint. */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Receive OpenTelemetry metrics (OTLP/HTTP)
         * @description OTLP/HTTP export of metrics. Body: the Export…ServiceRequest as `application/x-protobuf` or OTLP/JSON `application/json`, optionally `Content-Encoding: gzip`. Answer: 200 with the Export…ServiceResponse in the request's encoding; `partial_success` counts the data points refused and says why. Errors of protobuf requests are a protobuf google.rpc.Status. See docs/otel.md.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The one error body of every endpoint. */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/logs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Receive OpenTelemetry logs (OTLP/HTTP)
         * @description OTLP/HTTP export of logs. Body: the Export…ServiceRequest as `application/x-protobuf` or OTLP/JSON `application/json`, optionally `Content-Encoding: gzip`. Answer: 200 with the Export…ServiceResponse in the request's encoding; `partial_success` counts the log records refused and says why. Errors of protobuf requests are a protobuf google.rpc.Status. See docs/otel.md.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The one error body of every endpoint. */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/traces": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Receive OpenTelemetry traces (OTLP/HTTP)
         * @description OTLP/HTTP export of traces. Body: the Export…ServiceRequest as `application/x-protobuf` or OTLP/JSON `application/json`, optionally `Content-Encoding: gzip`. Answer: 200 with the Export…ServiceResponse in the request's encoding; `partial_success` counts the spans refused and says why. Errors of protobuf requests are a protobuf google.rpc.Status. See docs/otel.md.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The one error body of every endpoint. */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The one error body of every endpoint. */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/scim/v2/ServiceProviderConfig": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** SCIM: service provider configuration */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description A SCIM 2.0 resource (RFC 7643) */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            schemas: string[];
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description SCIM endpoints answer errors in SCIM's own body (docs/decisions.md "SCIM errors") */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ScimError"];
                    };
                };
                /** @description SCIM endpoints answer errors in SCIM's own body (docs/decisions.md "SCIM errors") */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ScimError"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/scim/v2/Schemas": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** SCIM: schemas */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description A SCIM 2.0 resource (RFC 7643) */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            schemas: string[];
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description SCIM endpoints answer errors in SCIM's own body (docs/decisions.md "SCIM errors") */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ScimError"];
                    };
                };
                /** @description SCIM endpoints answer errors in SCIM's own body (docs/decisions.md "SCIM errors") */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ScimError"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/scim/v2/ResourceTypes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** SCIM: resource types */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description A SCIM 2.0 resource (RFC 7643) */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            schemas: string[];
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description SCIM endpoints answer errors in SCIM's own body (docs/decisions.md "SCIM errors") */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ScimError"];
                    };
                };
                /** @description SCIM endpoints answer errors in SCIM's own body (docs/decisions.md "SCIM errors") */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ScimError"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/scim/v2/Users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** SCIM: list Users */
        get: {
            parameters: {
                query?: {
                    filter?: string;
                    startIndex?: string;
                    count?: string;
                    attributes?: string;
                    excludedAttributes?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description A SCIM 2.0 resource (RFC 7643) */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            schemas: string[];
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description SCIM endpoints answer errors in SCIM's own body (docs/decisions.md "SCIM errors") */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ScimError"];
                    };
                };
                /** @description SCIM endpoints answer errors in SCIM's own body (docs/decisions.md "SCIM errors") */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ScimError"];
                    };
                };
            };
        };
        put?: never;
        /** SCIM: create a User */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        schemas?: string[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            responses: {
                /** @description A SCIM 2.0 resource (RFC 7643) */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            schemas: string[];
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description SCIM endpoints answer errors in SCIM's own body (docs/decisions.md "SCIM errors") */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ScimError"];
                    };
                };
                /** @description SCIM endpoints answer errors in SCIM's own body (docs/decisions.md "SCIM errors") */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ScimError"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/scim/v2/Users/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** SCIM: read a User */
        get: {
            parameters: {
                query?: {
                    attributes?: string;
                    excludedAttributes?: string;
                };
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description A SCIM 2.0 resource (RFC 7643) */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            schemas: string[];
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description SCIM endpoints answer errors in SCIM's own body (docs/decisions.md "SCIM errors") */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ScimError"];
                    };
                };
                /** @description SCIM endpoints answer errors in SCIM's own body (docs/decisions.md "SCIM errors") */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ScimError"];
                    };
                };
            };
        };
        /** SCIM: replace a User */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        schemas?: string[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            responses: {
                /** @description A SCIM 2.0 resource (RFC 7643) */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            schemas: string[];
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description SCIM endpoints answer errors in SCIM's own body (docs/decisions.md "SCIM errors") */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ScimError"];
                    };
                };
                /** @description SCIM endpoints answer errors in SCIM's own body (docs/decisions.md "SCIM errors") */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ScimError"];
                    };
                };
            };
        };
        post?: never;
        /** SCIM: delete a User */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description SCIM endpoints answer errors in SCIM's own body (docs/decisions.md "SCIM errors") */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ScimError"];
                    };
                };
                /** @description SCIM endpoints answer errors in SCIM's own body (docs/decisions.md "SCIM errors") */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ScimError"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /** SCIM: patch a User */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        schemas?: string[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            responses: {
                /** @description A SCIM 2.0 resource (RFC 7643) */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            schemas: string[];
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description SCIM endpoints answer errors in SCIM's own body (docs/decisions.md "SCIM errors") */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ScimError"];
                    };
                };
                /** @description SCIM endpoints answer errors in SCIM's own body (docs/decisions.md "SCIM errors") */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ScimError"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/scim/v2/Groups": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** SCIM: list Groups */
        get: {
            parameters: {
                query?: {
                    filter?: string;
                    startIndex?: string;
                    count?: string;
                    attributes?: string;
                    excludedAttributes?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description A SCIM 2.0 resource (RFC 7643) */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            schemas: string[];
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description SCIM endpoints answer errors in SCIM's own body (docs/decisions.md "SCIM errors") */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ScimError"];
                    };
                };
                /** @description SCIM endpoints answer errors in SCIM's own body (docs/decisions.md "SCIM errors") */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ScimError"];
                    };
                };
            };
        };
        put?: never;
        /** SCIM: create a Group */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        schemas?: string[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            responses: {
                /** @description A SCIM 2.0 resource (RFC 7643) */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            schemas: string[];
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description SCIM endpoints answer errors in SCIM's own body (docs/decisions.md "SCIM errors") */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ScimError"];
                    };
                };
                /** @description SCIM endpoints answer errors in SCIM's own body (docs/decisions.md "SCIM errors") */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ScimError"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/scim/v2/Groups/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** SCIM: read a Group */
        get: {
            parameters: {
                query?: {
                    attributes?: string;
                    excludedAttributes?: string;
                };
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description A SCIM 2.0 resource (RFC 7643) */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            schemas: string[];
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description SCIM endpoints answer errors in SCIM's own body (docs/decisions.md "SCIM errors") */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ScimError"];
                    };
                };
                /** @description SCIM endpoints answer errors in SCIM's own body (docs/decisions.md "SCIM errors") */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ScimError"];
                    };
                };
            };
        };
        /** SCIM: replace a Group */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        schemas?: string[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            responses: {
                /** @description A SCIM 2.0 resource (RFC 7643) */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            schemas: string[];
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description SCIM endpoints answer errors in SCIM's own body (docs/decisions.md "SCIM errors") */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ScimError"];
                    };
                };
                /** @description SCIM endpoints answer errors in SCIM's own body (docs/decisions.md "SCIM errors") */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ScimError"];
                    };
                };
            };
        };
        post?: never;
        /** SCIM: delete a Group */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description SCIM endpoints answer errors in SCIM's own body (docs/decisions.md "SCIM errors") */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ScimError"];
                    };
                };
                /** @description SCIM endpoints answer errors in SCIM's own body (docs/decisions.md "SCIM errors") */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ScimError"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /** SCIM: patch a Group */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        schemas?: string[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description SCIM endpoints answer errors in SCIM's own body (docs/decisions.md "SCIM errors") */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ScimError"];
                    };
                };
                /** @description SCIM endpoints answer errors in SCIM's own body (docs/decisions.md "SCIM errors") */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ScimError"];
                    };
                };
            };
        };
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /** @description The one error body of every endpoint. */
        ErrorBody: {
            title: string;
            detail: string;
            status: number;
            requestId: string;
            errors?: {
                path: string;
                message: string;
            }[];
        };
        Pagination: {
            hasMore: boolean;
            nextCursor: string | null;
        };
        /** @enum {string} */
        Role: "owner" | "manager" | "member" | "guest";
        User: {
            id: string;
            email: string;
            name: string | null;
            role: components["schemas"]["Role"];
            /** @description Unix time in milliseconds */
            createdAt: number;
            /** @description false once deactivated (status deactivated) */
            active: boolean;
            /**
             * @description invited until the first sign-in, active after, deactivated once deactivated (docs/members.md)
             * @enum {string}
             */
            status: "invited" | "active" | "deactivated";
            /** @description The first sign-in; null while invited */
            joinedAt: number | null;
            /** @description The latest console sign-in; null while invited */
            lastSignInAt: number | null;
            deactivatedAt: number | null;
            /** @description When the user's unused invitation link expires (in the past: expired); null without one */
            invitationExpiresAt: number | null;
        };
        Preferences: {
            /** @description Notification e-mails (limits, budgets, webhooks disabled, digest) are sent to this person */
            emailNotifications: boolean;
        };
        Team: {
            id: string;
            name: string;
            /** @description `manual` for teams made through the API, console or CLI */
            source: string;
            externalId: string | null;
            memberCount: number;
            /** @description Unix time in milliseconds */
            createdAt: number;
            /** @description Unix time in milliseconds */
            updatedAt: number;
        };
        TeamMember: {
            userId: string;
            email: string;
            name: string | null;
            role: components["schemas"]["Role"];
            active: boolean;
            /** @description Unix time in milliseconds */
            addedAt: number;
        };
        ApiKey: {
            id: string;
            /**
             * @description personal: acts as its user; ingest: can only send telemetry, attributed by the identity each record carries (docs/otel.md)
             * @enum {string}
             */
            kind: "personal" | "ingest";
            name: string;
            /** @description The first characters of the key, to tell keys apart */
            prefix: string;
            userId: string;
            /** @description Unix time in milliseconds */
            createdAt: number;
            expiresAt: number | null;
            lastUsedAt: number | null;
        };
        AuditLogEntry: {
            id: string;
            /** @description Unix time in milliseconds */
            occurredAt: number;
            actor: {
                /** @description user (a member, console or key), scim, sso, admin (the platform operator) or system */
                type: string;
                userId: string | null;
                /** @description The member's e-mail, the SCIM token's name, "platform operator" */
                label: string;
                ip: string | null;
                userAgent: string | null;
            };
            /** @description What happened, e.g. member.role_changed (docs/audit-log.md lists them) */
            action: string;
            target: {
                type: string;
                id: string;
                label: string | null;
            } | null;
            /** @description What changed (never a secret); varies by action */
            details: {
                [key: string]: unknown;
            };
            /** @description X-Request-Id of the request that made the change */
            requestId: string | null;
        };
        ConsoleSession: {
            user: components["schemas"]["User"];
            organization: {
                id: string;
                name: string;
            };
            /** @description Send it as X-CSRF-Token on every state-changing request made with the session cookie */
            csrfToken: string;
            /** @description Where API clients reach the API (PUBLIC_API_URL), for ready-made examples */
            apiUrl: string;
            /** @description Unix time in milliseconds: the absolute end of the session (it also ends after 12 h without a request) */
            expiresAt: number;
        };
        ProvisioningStep: {
            id: string;
            name: string;
            /** @description pending, running, completed or failed */
            status: string;
            error?: string;
            /** @description Unix time in milliseconds */
            startedAt?: number;
            /** @description Unix time in milliseconds */
            completedAt?: number;
            installSessionId?: string;
        };
        RepoSpec: {
            /** @description What `git clone` takes: https://, ssh://, git@host:path or a local path */
            url: string;
            branch?: string;
        };
        Computer: {
            id: string;
            name: string;
            /** @enum {string} */
            providerType: "byom" | "hosted";
            /** @description Unix time in milliseconds */
            createdAt: number;
            /** Format: uuid */
            hostId?: string;
            hostname?: string;
            /** @enum {string} */
            status?: "provisioning" | "active" | "error";
            provisioningSteps?: components["schemas"]["ProvisioningStep"][];
            /** Format: uri */
            relayClientUrl?: string;
            /** Format: uri */
            relayAgentUrl?: string;
            remoteUser?: string;
            ownerPrincipalKind?: string;
            ownerId?: string;
            /** @description Repositories the agent clones when it provisions */
            repos?: components["schemas"]["RepoSpec"][];
            /** @description Whether the agent runs install-deps right after connect */
            autoInstallDeps?: boolean;
            /** @description Its agent's last heartbeat (Unix ms); absent until the first */
            lastSeenAt?: number;
        };
        MetricSampleInput: {
            cpuUsedPct: number;
            cpuCount: number;
            memUsed: number;
            memTotal: number;
            diskUsed: number;
            diskTotal: number;
        };
        ComputerMetric: {
            /**
             * Format: date-time
             * @description When the agent reported it (ISO 8601)
             */
            timestamp: string;
            cpuUsedPct: number;
            cpuCount: number;
            memUsed: number;
            memTotal: number;
            diskUsed: number;
            diskTotal: number;
        };
        TokenUsage: {
            inputTokens: number;
            outputTokens: number;
            cacheCreationTokens: number;
            cacheReadTokens: number;
            thinkingTokens: number;
            serviceCredits: number;
        };
        /** @description Writable session settings; token usage is not writable. */
        SessionSettingsInput: {
            /**
             * @description auto: acts within its autonomy level; spec: plans first, read-only; agi: orchestrates
             * @enum {string}
             */
            interactionMode?: "auto" | "spec" | "agi";
            /**
             * @description What the agent may do without asking
             * @enum {string}
             */
            autonomyLevel?: "off" | "low" | "medium" | "high";
            /** @enum {string} */
            reasoningEffort?: "none" | "dynamic" | "off" | "minimal" | "low" | "medium" | "high" | "xhigh" | "max";
            model?: string;
            specModeModel?: string;
            runInWorktree?: boolean;
            providerLockTimestamp?: string;
            assistantActiveTimeMs?: number;
            childInclusiveTokenUsageBySessionId?: {
                [key: string]: components["schemas"]["TokenUsage"];
            };
            archivedAt?: string;
            tags?: {
                name: string;
                metadata: {
                    [key: string]: unknown;
                };
            }[];
            enabledToolIds?: string[];
            disabledToolIds?: string[];
        };
        SessionSettings: {
            /**
             * @description auto: acts within its autonomy level; spec: plans first, read-only; agi: orchestrates
             * @enum {string}
             */
            interactionMode?: "auto" | "spec" | "agi";
            /**
             * @description What the agent may do without asking
             * @enum {string}
             */
            autonomyLevel?: "off" | "low" | "medium" | "high";
            /** @enum {string} */
            reasoningEffort?: "none" | "dynamic" | "off" | "minimal" | "low" | "medium" | "high" | "xhigh" | "max";
            model?: string;
            specModeModel?: string;
            runInWorktree?: boolean;
            providerLockTimestamp?: string;
            assistantActiveTimeMs?: number;
            childInclusiveTokenUsageBySessionId?: {
                [key: string]: components["schemas"]["TokenUsage"];
            };
            archivedAt?: string;
            tags?: {
                name: string;
                metadata: {
                    [key: string]: unknown;
                };
            }[];
            enabledToolIds?: string[];
            disabledToolIds?: string[];
            tokenUsage: components["schemas"]["TokenUsage"];
            inclusiveTokenUsage: components["schemas"]["TokenUsage"];
        };
        Session: {
            sessionId: string;
            /** @description The user who started it (for a session an agent started, the owner of its parent); its credits pay for the runs */
            ownerId: string;
            /** @enum {string} */
            status: "idle" | "pending" | "running";
            messageCount: number;
            /** @description Unix time in milliseconds */
            createdAt: number;
            /** @description Unix time in milliseconds */
            updatedAt: number;
            title?: string;
            /** @description Unix time in milliseconds */
            completedAt?: number;
            computerId?: string;
            /** @description Working directory on the computer (the agent runs there) */
            cwd?: string;
            /** @description The session this one was started from */
            parentSessionId?: string;
            /** @description Standard Credits the session's model calls used (= sessionSettings.tokenUsage.serviceCredits) */
            serviceCredits: number;
            sessionSettings?: components["schemas"]["SessionSettings"];
        };
        /** @description A content block: at least text and id; images and files carry their fields too. */
        ContentBlock: {
            id: string;
            text: string;
            type?: string;
        } & {
            [key: string]: unknown;
        };
        Message: {
            id: string;
            /** @enum {string} */
            role: "user" | "assistant" | "tool" | "system";
            content: components["schemas"]["ContentBlock"][];
            /** @description Unix time in milliseconds */
            createdAt: number;
            /** @description Unix time in milliseconds */
            updatedAt: number;
            parentId?: string;
            userMessageSource?: string;
            /** @enum {string} */
            visibility?: "both" | "llm_only" | "user_only";
            isUserVisible?: boolean;
            isError?: boolean;
        };
        /** @description An enterprise control change record. */
        ControlChange: {
            revision: number;
            /** @description Settings at this revision; parse as a generic JSON object. Secrets are masked. */
            settings: {
                [key: string]: unknown;
            };
            user: {
                id: string;
                email: string;
                name: string;
            } | null;
            /** Format: date-time */
            updatedAt: string;
        };
        ReadinessCriterion: {
            /** @description Sub-applications passing, 0 to denominator; null when the criterion was skipped */
            numerator: number | null;
            /** @description Sub-applications evaluated */
            denominator: number;
            rationale: string;
        };
        ReadinessReportInput: {
            repoUrl: string;
            apps: {
                [key: string]: {
                    description: string;
                };
            };
            report: {
                [key: string]: components["schemas"]["ReadinessCriterion"];
            };
            commitHash?: string;
            branch?: string;
            hasLocalChanges?: boolean;
            hasNonRemoteCommits?: boolean;
            modelUsed?: {
                id: string;
                /** @enum {string} */
                reasoningEffort: "low" | "medium" | "high" | "off";
            };
            agentVersion?: string;
        };
        ReadinessReport: {
            /** Format: uuid */
            reportId: string;
            /** @description Unix time in milliseconds */
            createdAt: number;
            /** @description repoUrl normalized to host/owner/name */
            repoId: string;
            repoUrl: string;
            apps: {
                [key: string]: {
                    description: string;
                };
            };
            report: {
                [key: string]: components["schemas"]["ReadinessCriterion"];
            };
            commitHash?: string;
            branch?: string;
            hasLocalChanges?: boolean;
            hasNonRemoteCommits?: boolean;
            modelUsed?: {
                id: string;
                /** @enum {string} */
                reasoningEffort: "low" | "medium" | "high" | "off";
            };
            agentVersion?: string;
        };
        ReadinessEvaluation: {
            id: string;
            repoId: string;
            cloneUrl: string;
            /** @enum {string} */
            trigger: "nightly" | "push" | "request";
            /**
             * @description queued, running (on computerId), succeeded (reportId), failed (error)
             * @enum {string}
             */
            status: "queued" | "running" | "succeeded" | "failed";
            /** @description Tries so far, at most 3 */
            attempts: number;
            /** @description The computer of the last try */
            computerId: string | null;
            /** Format: date-time */
            queuedAt: string;
            /**
             * Format: date-time
             * @description A queued evaluation waits until then (a retry's wait)
             */
            notBefore: string;
            startedAt: string | null;
            finishedAt: string | null;
            /** @description Why the last try failed (kept while a retry waits) */
            error: string | null;
            /** @description The report it uploaded */
            reportId: string | null;
        };
        ReadinessRepository: {
            /** @description The listed entry; null for a repository evaluated by default (the list is empty) */
            id: string | null;
            /** @description host/owner/name */
            repoId: string;
            /** @description What the computer clones */
            cloneUrl: string;
            /**
             * @description listed: on the organization's list; else named by telemetry or a git host
             * @enum {string}
             */
            source: "listed" | "telemetry" | "git-host";
            createdAt: string | null;
            lastEvaluation: components["schemas"]["ReadinessEvaluation"] | null;
        };
        TelemetryIdentity: {
            id: string;
            /**
             * @description email, a vendor account id, an installation id, or key: records that named no one, sent with the ingest key whose id is the value
             * @enum {string}
             */
            kind: "email" | "account" | "installation" | "key";
            /** @description As the agent sent it */
            value: string;
            /** @description The agent product it was first seen with */
            agent: string | null;
            /** @description The member it counts for; null: unattributed */
            userId: string | null;
            /** @description Unix time in milliseconds */
            firstSeenAt: number;
            /** @description Unix time in milliseconds */
            lastSeenAt: number;
            /** @description Events waiting for a member: they count once the identity is linked */
            pendingEvents: number;
        };
        ConnectedAgent: {
            /** @description The agent product (claude-code, codex, ...) */
            agent: string;
            sender: {
                /** @enum {string} */
                kind: "user";
                user: {
                    id: string;
                    email: string;
                    name: string | null;
                };
            } | {
                /** @enum {string} */
                kind: "identity";
                identity: {
                    id: string;
                    /**
                     * @description email, a vendor account id, an installation id, or key: records that named no one, sent with the ingest key whose id is the value
                     * @enum {string}
                     */
                    kind: "email" | "account" | "installation" | "key";
                    value: string;
                    /** @description The member an admin has since linked the identity to (its records now count for them); null while unattributed */
                    userId: string | null;
                };
            } | {
                /** @enum {string} */
                kind: "key";
                /** @description Records that carried no identity the key could attribute */
                apiKeyId: string;
            };
            /** @description Unix time in milliseconds */
            lastSeenAt: number;
            /** @description Events newly counted */
            accepted: number;
            /** @description Events already counted (retried exports) */
            duplicates: number;
            /** @description Events kept for an identity no member matches yet */
            unattributed: number;
            /** @description Records refused; lastProblem says why */
            refused: number;
            tokens: number;
            toolCalls: number;
            /** @description The agent's version as its latest export said it (service.version); null when the agent sends none of its own */
            version: string | null;
            lastProblem: {
                reason: string;
                /** @description Unix time in milliseconds */
                at: number;
            } | null;
        };
        WebhookEndpoint: {
            id: string;
            url: string;
            description: string;
            eventTypes: string[] | null;
            /**
             * @description standard: the Standard Webhooks envelope {type, timestamp, data}; slack: a Slack message {text, blocks}
             * @enum {string}
             */
            format: "standard" | "slack";
            enabled: boolean;
            disabledAt: number | null;
            /** @description Why it was disabled: by whom, or the delivery that ran out of retries */
            disabledReason: string | null;
            /** @description Unix time in milliseconds */
            createdAt: number;
            /** @description Unix time in milliseconds */
            updatedAt: number;
        };
        WebhookDelivery: {
            /** @description The webhook-id header of its requests */
            id: string;
            webhookId: string;
            eventId: string;
            eventType: string;
            /** @enum {string} */
            status: "pending" | "succeeded" | "failed";
            attempts: number;
            nextAttemptAt: number | null;
            deliveredAt: number | null;
            /** @description Unix time in milliseconds */
            createdAt: number;
        };
        WebhookAttempt: {
            id: string;
            deliveryId: string;
            eventId: string;
            eventType: string;
            attempt: number;
            /** @description Unix time in milliseconds */
            attemptedAt: number;
            /** @description null when no answer came */
            statusCode: number | null;
            latencyMs: number;
            /** @description The first 1024 bytes of the answer */
            responseExcerpt: string;
            error: string | null;
            succeeded: boolean;
        };
        GitHost: {
            id: string;
            /** @enum {string} */
            provider: "github" | "gitlab";
            name: string;
            /** @description Where the host posts its webhook deliveries */
            webhookUrl: string;
            /** @description Unix time in milliseconds */
            createdAt: number;
        };
        GitDelivery: {
            id: string;
            /** @description The host's delivery id (X-GitHub-Delivery, X-Gitlab-Event-UUID) */
            deliveryId: string;
            /** @description As the host named it (X-GitHub-Event, X-Gitlab-Event) */
            event: string;
            /**
             * @description ignored: an event Quarterdeck does not read
             * @enum {string}
             */
            outcome: "stored" | "ignored";
            /** @description Unix time in milliseconds */
            receivedAt: number;
        };
        PullRequestEvidence: {
            /** @description How the agent shows: `trailer` (a person's commit with the agent's Co-authored-by trailer), `bot_author` (the commit's author is the agent's own account), `hook` (the commit was recorded in an agent session by Quarterdeck's hooks); other kinds may be added */
            kind: string;
            /** @description The agent dimension id (claude-code, codex, …) */
            agent: string;
            commitSha: string;
            /** @description The commit's author name, as git recorded it */
            commitAuthor: string;
            /** @description Unix time in milliseconds */
            authoredAt: number;
        };
        PullRequest: {
            id: string;
            gitHostId: string;
            /** @description host/owner/name, as the other analytics name repositories */
            repository: string;
            number: number;
            /** @description The pull request's page on its host */
            url: string | null;
            authorLogin: string | null;
            headBranch: string | null;
            /**
             * @description closed: closed without a merge (and not reopened)
             * @enum {string}
             */
            state: "open" | "merged" | "closed";
            /**
             * @description The strongest class among its commits
             * @enum {string}
             */
            attribution: "agent-authored" | "agent-assisted" | "none";
            agents: string[];
            /** @description Empty when its class is none */
            evidence: components["schemas"]["PullRequestEvidence"][];
            /** @description How many of its commits Quarterdeck knows */
            commits: number;
            /** @description The members who authored its commits (matched by commit e-mail) */
            userIds: string[];
            openedAt: number | null;
            firstReviewAt: number | null;
            mergedAt: number | null;
            closedAt: number | null;
            /** @description From its first commit to its merge */
            minutesToMerge: number | null;
            /** @description From its opening to its first review, when reviewed before its merge or close */
            minutesToFirstReview: number | null;
            linesAdded: number;
            linesRemoved: number;
            /** @description Reverted within 30 days of its merge */
            reverted: boolean;
            /** @description The agent usage that led to it (merged pull requests only), in currency */
            cost: number;
            /** @description The Standard Credits of the same usage */
            credits: number;
            currency: string;
            unpricedModels: string[];
        };
        Budget: {
            id: string;
            /**
             * @description organization: every member; team: the members of `teamId`
             * @enum {string}
             */
            scope: "organization" | "team";
            teamId: string | null;
            /**
             * @description money: in the organization's price currency; credits: Standard Credits
             * @enum {string}
             */
            unit: "money" | "credits";
            /** @description The organization's price currency for a money budget; null for credits */
            currency: string | null;
            amount: number;
            thresholds: number[];
            /** @description The current UTC month, YYYY-MM */
            month: string;
            /** @description Spent this month so far, in the unit */
            spent: number;
            /** @description The month-end forecast (docs/budgets.md "Forecast") */
            forecast: number;
            /** @description spent / amount in percent, two decimals */
            percent: number;
            /** @description The thresholds `spent` has reached now */
            thresholdsReached: number[];
            /** @description The thresholds recorded as crossed this month (each sent once as budget.threshold_crossed) */
            crossings: {
                threshold: number;
                spent: number;
                /** @description Unix time in milliseconds */
                crossedAt: number;
            }[];
            /** @description Unix time in milliseconds */
            createdAt: number;
            /** @description Unix time in milliseconds */
            updatedAt: number;
        };
        MemberLimitStatus: {
            userId: string;
            email: string;
            /** @description The effective monthly limit in Standard Credits */
            limit: number;
            used: number;
            /** @description used / limit in percent, two decimals; 100 for a limit of 0 */
            percent: number;
            /** @description Month-end forecast of used credits */
            forecast: number;
        };
        ScimToken: {
            id: string;
            name: string;
            /** @description The first characters of the token (qd_scim_…), to tell tokens apart */
            prefix: string;
            /** @description Unix time in milliseconds */
            createdAt: number;
            lastUsedAt: number | null;
        };
        /** @description SCIM endpoints answer errors in SCIM's own body (docs/decisions.md "SCIM errors") */
        ScimError: {
            schemas: "urn:ietf:params:scim:api:messages:2.0:Error"[];
            /** @description The HTTP status, as a string */
            status: string;
            scimType?: string;
            detail: string;
        };
        AgentSessionFinding: {
            /** @enum {string} */
            pattern: "retry_loop" | "reread" | "tool_error_burst" | "context_pressure" | "abandoned";
            occurrences: number;
            /** @description The tool a retry loop repeated */
            tool: string | null;
            /** @description Unix time in milliseconds */
            firstAt: number;
            /** @description Unix time in milliseconds */
            lastAt: number;
            /** @description Tokens of the model calls inside the pattern */
            tokens: number;
            /** @description Those tokens at the organization’s prices (models without a price left out) */
            estimatedCost: number;
        };
        AgentSession: {
            id: string;
            userId: string;
            agent: string;
            /** @description The session id the agent itself gave (session.id, conversation.id, ...) */
            agentSessionId: string;
            /** @description Unix time in milliseconds */
            startedAt: number;
            /** @description Unix time in milliseconds */
            endedAt: number;
            durationMs: number;
            repository: string | null;
            models: string[];
            turns: number;
            modelCalls: number;
            toolCalls: number;
            errors: number;
            compactions: number;
            tokens: {
                input: number;
                output: number;
                cacheRead: number;
                cacheWrite: number;
            };
            /** @description At the organization’s prices when the session’s last records arrived; unpriced models left out */
            cost: number;
            currency: string;
            unpricedModels: string[];
            flagged: boolean;
            /** @description The cost of the model calls inside any finding, each call once */
            wasteCost: number;
            findings: components["schemas"]["AgentSessionFinding"][];
        };
        AgentSessionStep: {
            id: string;
            /** @enum {string} */
            kind: "prompt" | "model_call" | "tool_call" | "hook" | "error" | "compaction" | "file_change" | "session_start" | "session_end";
            /** @description Unix time in milliseconds */
            at: number;
            durationMs: number | null;
            /** @description The tool, hook or error */
            name: string | null;
            outcome: ("success" | "failure") | null;
            modelId: string | null;
            tokens: {
                input: number;
                output: number;
                cacheRead: number;
                cacheWrite: number;
            };
            /** @description A model call’s cost; null for other steps and unpriced models */
            cost: number | null;
            traceId: string | null;
            spanId: string | null;
            parentSpanId: string | null;
            /** @description Kept only when the organization’s agentSessionContent control is on, redacted (secrets, keys, tokens, e-mail addresses), until it expires; shown to owners, managers and the session’s person, absent for others */
            content?: {
                /** @description The prompt, or the tool call’s input, redacted */
                input: string | null;
                /** @description The tool call’s output, redacted */
                output: string | null;
            };
        };
        AgentSessionWaste: {
            /** @description The UTC month, YYYY-MM: sessions that started in it */
            month: string;
            currency: string;
            /** @description Every flagged session, each model call counted once */
            total: {
                /** @description Flagged sessions */
                sessions: number;
                /** @description In the organization’s currency */
                estimatedCost: number;
            };
            /** @description Every pattern, found or not; a session with two patterns counts in both */
            patterns: {
                /** @enum {string} */
                pattern: "retry_loop" | "reread" | "tool_error_burst" | "context_pressure" | "abandoned";
                occurrences: number;
                /** @description Flagged sessions */
                sessions: number;
                /** @description In the organization’s currency */
                estimatedCost: number;
                suggestedFix: {
                    /** @description A hook that stops or prevents it, where one can */
                    hook: string | null;
                    /** @description A line for the repository’s AGENTS.md */
                    agentsMd: string;
                };
            }[];
            /** @description Costliest first */
            repositories: {
                repository: string | null;
                /** @description Flagged sessions */
                sessions: number;
                /** @description In the organization’s currency */
                estimatedCost: number;
                /** @description The patterns found in these sessions */
                patterns: ("retry_loop" | "reread" | "tool_error_burst" | "context_pressure" | "abandoned")[];
            }[];
            /** @description Costliest first */
            agents: {
                agent: string;
                /** @description Flagged sessions */
                sessions: number;
                /** @description In the organization’s currency */
                estimatedCost: number;
                /** @description The patterns found in these sessions */
                patterns: ("retry_loop" | "reread" | "tool_error_burst" | "context_pressure" | "abandoned")[];
            }[];
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export type operations = Record<string, never>;

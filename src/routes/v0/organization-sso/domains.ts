import { Type, type Static } from '@sinclair/typebox';
import { domainProofRecord } from '../../../domain/sso.js';
import { auditActorOf } from '../../../http/audit-actor.js';
import { principalOf } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';
import { listDomainProofs, proveDomain, type DomainProofRecord } from '../../../repositories/organization-sso.js';
import { txtRecordsOf } from '../../../services/domain-proofs.js';

// The allowed domains of single sign-on and their proofs (docs/sso.md "Proving a domain"): a
// domain sends people to the organization's identity provider only once a DNS TXT record proves
// the organization controls it.
//   GET  /api/v0/organization/sso/domains                  — each domain, proved or not, and the record to publish
//   POST /api/v0/organization/sso/domains/{domain}/verify  — looks the record up; proved from then on

const DomainProof = Type.Object({
  domain: Type.String(),
  verified: Type.Boolean(),
  verifiedAt: Type.Union([Type.Integer({ description: 'Unix milliseconds' }), Type.Null()]),
  record: Type.Object({ type: Type.Literal('TXT'), name: Type.String(), value: Type.String() }, { description: 'Publish this record in the domain\'s DNS, then verify' }),
});

function proofView(proof: DomainProofRecord): Static<typeof DomainProof> {
  return { domain: proof.domain, verified: proof.verifiedAt !== null, verifiedAt: proof.verifiedAt?.getTime() ?? null, record: domainProofRecord(proof.domain, proof.token) };
}

export default async function ssoDomainsRoutes(app: App) {
  app.get(
    '/organization/sso/domains',
    { schema: { summary: 'Allowed single sign-on domains and their DNS proofs', tags: ['sso'], response: { 200: Type.Object({ domains: Type.Array(DomainProof) }) } } },
    async (request) => ({ domains: (await listDomainProofs(app.services.db, principalOf(request).organizationId)).map(proofView) }),
  );

  app.post(
    '/organization/sso/domains/:domain/verify',
    {
      schema: {
        summary: 'Prove an allowed domain by its DNS TXT record',
        tags: ['sso'],
        params: Type.Object({ domain: Type.String({ minLength: 1, maxLength: 253 }) }),
        response: { 200: DomainProof },
      },
    },
    async (request) => {
      const { organizationId } = principalOf(request);
      const domain = request.params.domain.toLowerCase();
      const { db, config } = app.services;
      const published = async (token: string) => {
        const record = domainProofRecord(domain, token);
        return (await txtRecordsOf(record.name, config.ssoDnsServers)).includes(record.value);
      };
      return proofView(await proveDomain(db, organizationId, domain, published, auditActorOf(request)));
    },
  );
}

-- An allowed e-mail domain of single sign-on sends people to the organization's identity provider
-- only once the organization has proved it controls the domain with a DNS TXT record
-- (docs/sso.md "Proving a domain"). Several organizations may list a domain; one proves it.
CREATE TABLE sso_domain_proofs (
  organization_id  text NOT NULL REFERENCES organizations (id),
  domain           text NOT NULL,
  -- What the TXT record must carry: random, not a secret (it is published).
  token            text NOT NULL,
  verified_at      timestamptz,
  created_at       timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (organization_id, domain)
);
CREATE UNIQUE INDEX sso_domain_proofs_proven ON sso_domain_proofs (domain) WHERE verified_at IS NOT NULL;

-- Domains listed before proofs existed keep routing: until now a domain belonged to one
-- organization only, the first to list it. Their owners can review them in the console.
INSERT INTO sso_domain_proofs (organization_id, domain, token, verified_at)
SELECT s.organization_id, d.domain, md5(random()::text || s.organization_id || d.domain), now()
FROM organization_sso s, jsonb_array_elements_text(s.allowed_domains) AS d(domain);

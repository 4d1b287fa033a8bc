import dns2 from 'dns2';

// A real DNS server on 127.0.0.1 (UDP) for tests: it answers the TXT records a test publishes,
// and nothing else (NXDOMAIN), as a domain's DNS would. The server under test asks it through
// SSO_DNS_SERVERS.

export interface TestDnsServer {
  /** host:port, for SSO_DNS_SERVERS. */
  address: string;
  /** Publishes a TXT record (added to those of the name). */
  publishTxt(name: string, value: string): void;
  close(): Promise<void>;
}

export async function startDnsServer(): Promise<TestDnsServer> {
  const txt = new Map<string, string[]>();
  const { Packet } = dns2;
  const server = dns2.createServer({
    udp: true,
    handle: (request, send) => {
      const response = Packet.createResponseFromRequest(request);
      const [question] = request.questions;
      const values = question && question.type === Packet.TYPE.TXT ? txt.get(question.name.toLowerCase()) : undefined;
      if (!values) response.header.rcode = 3; // NXDOMAIN
      for (const value of values ?? []) response.answers.push(new Packet.Resource({ name: question!.name, type: Packet.TYPE.TXT, class: Packet.CLASS.IN, ttl: 1, data: value }));
      send(response);
    },
  });
  const addresses = await server.listen({ udp: { port: 0, address: '127.0.0.1' } });
  return {
    address: `127.0.0.1:${addresses.udp!.port}`,
    publishTxt(name, value) {
      txt.set(name.toLowerCase(), [...(txt.get(name.toLowerCase()) ?? []), value]);
    },
    close: async () => {
      await server.close();
    },
  };
}

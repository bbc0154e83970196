/**
 * The risk features and their weights: the one declarative list the score is computed from (STYLE.md 7).
 *
 * Weights are priors, not fitted values: there is no labelled set of fraudulent and genuine KYC sessions to fit them
 * on. They order the signals by how completely each hides the user's real network and how rarely a genuine user has
 * it, and they are chosen so that the noisy-OR combination (riskScore.ts) lands in readable bands: 0 access network
 * with no hit; 25 Private Relay; 27 hosting by name only; 30 unannounced; 45 listed hosting; 50 cannot be assessed;
 * 60 VPN (78 with hosting); 80 open proxy (89 with hosting); 90 Tor exit (95 with hosting).
 * docs/ip-analysis.md renders this table; change both together.
 */
import type { RiskFeature } from './feature.ts';
import { anycastService } from './features/anycastService.ts';
import { hostingNetwork } from './features/hostingNetwork.ts';
import { nonPublicAddress } from './features/nonPublicAddress.ts';
import { openProxy } from './features/openProxy.ts';
import { privateRelay } from './features/privateRelay.ts';
import { torExit } from './features/torExit.ts';
import { unannouncedAddress } from './features/unannouncedAddress.ts';
import { vpnNetwork } from './features/vpnNetwork.ts';

/** The features, in evidence order. */
export const RISK_FEATURES: readonly RiskFeature[] = [
  {
    name: 'torExit',
    weight: 0.9,
    rationale: 'Tor hides the user completely and exits are shared by thousands of users; genuine KYC users rarely use it.',
    evaluate: torExit,
  },
  {
    name: 'openProxy',
    weight: 0.8,
    rationale: 'An open proxy is an anonymous relay anyone can use, often a compromised host; lists churn within hours, so slightly below Tor.',
    evaluate: openProxy,
  },
  {
    name: 'vpn',
    weight: 0.6,
    rationale: 'A commercial VPN hides location on purpose, but many genuine users run one for privacy; strong, not decisive.',
    evaluate: vpnNetwork,
  },
  {
    name: 'nonPublicAddress',
    weight: 0.5,
    rationale: 'A private or reserved address cannot be assessed: the midpoint, neither clean nor suspicious.',
    evaluate: nonPublicAddress,
  },
  {
    name: 'hosting',
    weight: 0.45,
    rationale: 'People browse from access networks, not datacenters; a datacenter source suggests automation, a remote desktop or an unlisted VPN.',
    evaluate: hostingNetwork,
  },
  {
    name: 'unannouncedAddress',
    weight: 0.3,
    rationale: 'A public address no AS announces is more likely fabricated or mis-forwarded than a real client; the ASN data may also lag.',
    evaluate: unannouncedAddress,
  },
  {
    name: 'privateRelay',
    weight: 0.25,
    rationale: 'iCloud Private Relay hides the address by default for iCloud+ users in Safari; it costs location certainty, not intent.',
    evaluate: privateRelay,
  },
  {
    name: 'anycastService',
    weight: 0,
    rationale: 'Informational: explains withheld geolocation; an anycast resolver address is already scored by hosting.',
    evaluate: anycastService,
  },
];

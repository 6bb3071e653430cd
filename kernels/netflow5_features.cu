// Per-flow features of NetFlow v5 records, the first stage of flow-based network monitoring
// and intrusion detection (a collector's enrichment as nfdump and SiLK derive it, the flow
// features of the CIC/UNSW intrusion-detection feature sets) (blind check set 17: written
// after calibration, never fitted on; its sweeps go to fixtures/hopper/blind17/ once
// recorded). Input: the collector's array of 48 B NetFlow v5 flow records exactly as Cisco
// lays them out (srcaddr, dstaddr, nexthop, input and output interfaces, dPkts, dOctets,
// First, Last, srcport, dstport, pad1, tcp_flags, prot, tos, src_as, dst_as, src_mask,
// dst_mask, pad2), converted to host byte order on receipt (the words travel as uint32 on
// the host). One flow per thread, reading the fields it needs through the struct: six 4 B
// loads (the two addresses, the packet and byte counts, the two sysuptime stamps), two 2 B
// loads (the ports) and two 1 B loads (tcp_flags, prot) of its record, 36 B of it. Outputs: a row of
// four float32 features (duration in seconds, bytes per packet, packets and bits per
// second, the rates over the duration in milliseconds clamped to at least 1 ms: a
// one-packet flow has First = Last), stored as one 16 B vector, and an int32 of tags: 1 a
// TCP flow whose OR of flags has SYN without ACK and at most 3 packets (a scan probe), 2 the
// destination inside the monitored prefix, 4 the source inside it, 8 a service port (the
// smaller of the two below 1024). The duration is Last - First modulo 2^32 (sysuptime wraps);
// a record with no packets gets 0 bytes per packet. float32: within the manifest's tolerance
// of the reference's float64. 1-D: the block is linearized.
#include "common.cuh"

struct NetflowV5Record {  // 48 B, Cisco's NetFlow version 5 flow record
    unsigned srcaddr, dstaddr, nexthop;
    unsigned short input, output;
    unsigned dPkts, dOctets, First, Last;
    unsigned short srcport, dstport;
    unsigned char pad1, tcp_flags, prot, tos;
    unsigned short src_as, dst_as;
    unsigned char src_mask, dst_mask;
    unsigned short pad2;
};

extern "C" __global__ void netflow5_features(const unsigned* __restrict__ record_words,
                                             float* __restrict__ features,
                                             int* __restrict__ tags, long long n,
                                             unsigned home_net, unsigned home_mask) {
    const long long i = ga_linear();
    if (i >= n) {
        return;
    }
    const NetflowV5Record* f = reinterpret_cast<const NetflowV5Record*>(record_words) + i;
    const unsigned pkts = f->dPkts;
    const unsigned octets = f->dOctets;
    const unsigned duration_ms = f->Last - f->First;
    const float ms = (float)(duration_ms > 1u ? duration_ms : 1u);
    const float fpkts = (float)pkts;
    const float foctets = (float)octets;
    const float bytes_per_pkt = pkts ? foctets / fpkts : 0.0f;
    const float pps = fpkts * 1000.0f / ms;
    const float bps = foctets * 8000.0f / ms;
    reinterpret_cast<float4*>(features)[i] =
        make_float4((float)duration_ms * 0.001f, bytes_per_pkt, pps, bps);
    int tag = 0;
    if (f->prot == 6 && (f->tcp_flags & 0x12) == 0x02 && pkts <= 3u) {
        tag |= 1;  // SYN without ACK, few packets
    }
    if ((f->dstaddr & home_mask) == home_net) {
        tag |= 2;
    }
    if ((f->srcaddr & home_mask) == home_net) {
        tag |= 4;
    }
    const unsigned sport = f->srcport, dport = f->dstport;
    if ((sport < dport ? sport : dport) < 1024u) {
        tag |= 8;
    }
    tags[i] = tag;
}

// IPv4 longest-prefix-match route lookup of a batch of packets' destination addresses in a
// DIR-24-8-BASIC forwarding table (Gupta, Lin and McKeown, INFOCOM 1998), PacketShader's
// GPU IPv4 forwarding (Han et al., SIGCOMM 2010: ipv4_route_lookup_cuda, the table's 16-bit
// entries in global memory) and NBA's IPlookup element, one thread per packet (blind check
// set 22: written after calibration, never fitted on; its sweeps go to
// fixtures/hopper/blind22/ once recorded). TBL24 has an entry for each /24 (2^24 16-bit
// entries, 32 MiB); an entry whose top bit is clear is the next hop of the whole /24, one
// with the top bit set holds, in its low 15 bits, a segment of TBLlong (2^15 segments of 256
// 16-bit entries, 16 MiB) whose entry for the address' last byte is the next hop. The tables
// travel as uint32 words of two little-endian 16-bit entries (entry 2 w in the low half of
// word w) and are read as 16-bit entries, as PacketShader's uint16_t arrays. Out: the next
// hop as int32. Per thread: a contiguous 4 B address load, a 2 B load of TBL24 at a
// data-dependent place (the address' top 24 bits: random addresses scatter a warp's lanes
// over the 32 MiB table, about one 32 B sector each, most of the table held in L2), for the
// lanes whose entry is extended (half of them here) a dependent 2 B load of TBLlong at a
// data-dependent place (a divergent branch), and a contiguous 4 B store. No shared memory.
// Integer: exact. 1-D: the block is linearized.
#include "common.cuh"

extern "C" __global__ void ipv4_lpm_dir24(const unsigned* __restrict__ daddr,
                                          const unsigned* __restrict__ tbl24_words,
                                          const unsigned* __restrict__ tbllong_words,
                                          int* __restrict__ next_hop, long long n) {
    const long long i = ga_linear();
    if (i >= n) {
        return;
    }
    const unsigned short* tbl24 = reinterpret_cast<const unsigned short*>(tbl24_words);
    const unsigned short* tbllong = reinterpret_cast<const unsigned short*>(tbllong_words);
    const unsigned addr = daddr[i];
    unsigned entry = tbl24[addr >> 8];
    if (entry & 0x8000u) {  // a prefix longer than /24 lives under this /24: TBLlong
        entry = tbllong[((entry & 0x7fffu) << 8) | (addr & 0xffu)];
    }
    next_hop[i] = (int)entry;
}

// LOFAR Cobalt's coherentStokesTranspose (jjdmol/LOFAR, RTCP/Cobalt/GPUProc/share/gpu/kernels/
// CoherentStokesTranspose.cu, the beam-former pipeline's reorder of the tied-array beams'
// complex voltages, [channel][sample][tab] with both polarizations in one float4, into the
// [tab][polarization][sample][channel] order the inverse FFT and the Stokes step read) (blind
// check set 111: written after calibration, never fitted on). As in LOFAR: tab = blockIdx.x
// blockDim.x + threadIdx.x, channel = blockIdx.y blockDim.y + threadIdx.y, sample =
// blockIdx.z; each thread below NR_TABS stages input[channel][sample][tab] in a 16 x 17
// shared tile at [threadIdx.y][threadIdx.x], a barrier, then the roles swap (tab from
// threadIdx.y, channel from threadIdx.x) and the tile's [threadIdx.x][threadIdx.y] entry is
// written as two complex values, output[tab][0][sample][channel] (x, y) and
// output[tab][1][sample][channel] (z, w); the header's execution configuration: blocks of
// (16, 16, 1) threads on cdiv(NR_TABS, 16) x NR_CHANNELS / 16 x NR_SAMPLES_PER_CHANNEL blocks.
// Departures: the block any shape (x the tab, y*z the channel, z folded in; the write's roles
// from the linear thread index t: channel t mod (by*bz), tab t / (by*bz), so that at 16 x 16
// it is the source's swap), the tile bx + 1 wide in dynamic shared memory (16 (by*bz) (bx + 1)
// bytes), a channel bound for partial channel tiles (the source needs NR_CHANNELS a multiple
// of 16), the compile-time sizes as arguments, plain float arrays with 64-bit offsets.
// Reimplemented from the published source (its indexing, arithmetic and control flow; none of
// its text). Exact: copies. 2-D, shared memory, a tile transpose: per thread one 16 B load
// (a warp's lanes contiguous along the tabs), a barrier, then two 8 B stores (a warp's lanes
// contiguous along the channels).
#include "common.cuh"

extern "C" __global__ void lofar_cs_transpose(float* output, const float* input, int nr_tabs,
                                              int nr_channels, int nr_samples) {
    extern __shared__ float cs_tile[];
    const int bx = blockDim.x;
    const int rows = ga_block_rows();
    const int r = ga_row_in_block();
    const int pitch = bx + 1;
    const long long sample = blockIdx.z;
    int tab = blockIdx.x * bx + threadIdx.x;
    int channel = blockIdx.y * rows + r;
    if (tab < nr_tabs && channel < nr_channels) {
        const float* src = input + 4 * (((long long)channel * nr_samples + sample) * nr_tabs + tab);
        float* dst = cs_tile + 4 * (r * pitch + threadIdx.x);
        dst[0] = src[0];
        dst[1] = src[1];
        dst[2] = src[2];
        dst[3] = src[3];
    }
    __syncthreads();
    const int t = (int)ga_tid();
    const int channel_local = t % rows;
    const int tab_local = t / rows;
    tab = blockIdx.x * bx + tab_local;
    channel = blockIdx.y * rows + channel_local;
    if (tab < nr_tabs && channel < nr_channels) {
        const float* v = cs_tile + 4 * (channel_local * pitch + tab_local);
        float* pol0 = output + 2 * ((((long long)tab * 2 + 0) * nr_samples + sample) * nr_channels
                                    + channel);
        float* pol1 = output + 2 * ((((long long)tab * 2 + 1) * nr_samples + sample) * nr_channels
                                    + channel);
        pol0[0] = v[0];
        pol0[1] = v[1];
        pol1[0] = v[2];
        pol1[1] = v[3];
    }
    __syncthreads();
}

// Velocity diffusion and projection in the frequency domain of a stable-fluids solver, the
// CUDA Samples' fluidsGL diffuseProject_k (Samples/5_Domain_Specific/fluidsGL/
// fluidsGL_kernels.cu: run each frame between the forward and inverse FFTs of the velocity
// field), lb rows of one column of the spectrum per thread (blind check set 33: written after
// calibration, never fitted on; its sweeps go to fixtures/hopper/blind33/ once recorded). The
// spectra vx and vy (complex float2, dx = DIM / 2 + 1 columns of the real-to-complex FFT, dy
// = DIM rows) are updated in place: for wavenumber (iix, iiy) = (x, y <= dy / 2 ? y : y -
// dy), kk = iix^2 + iiy^2, both spectra scaled by diff = 1 / (1 + visc dt kk), then for kk >
// 0 the component along k removed (v -= k (k . v) / kk, the real and imaginary parts
// separately). As in the sample: thread (x, t) of the grid takes rows lb t .. lb t + lb - 1
// of column x (gtidy = blockIdx.y lb blockDim.y + threadIdx.y lb), the column test first
// and the row test in the loop, int wavenumbers converted to float, float2 loads and stores,
// the sample's DT = 0.09 and VIS = 0.0025. Departures: lb, the sample's TILEY / TIDSY =
// 64 / 4 = 16, is 8 here (the manifest's LB: at 16 the 3072^2 domain has too few threads to
// fill an H100 several times, and a domain with enough has over 100 MB of spectra); float2
// is spelled as an 8 B aligned struct (the CPU shim has none). Written from memory of the
// sample. Per row and thread: two 8 B loads and two 8 B stores (contiguous along x; a thread's
// lb rows dx float2 apart), a division, a second one for kk > 0 (all but one thread), ~20
// FLOPs. float32 (the divisions and FMAs: the manifest's tolerance). x -> column (iix), y*z
// -> a strip of lb rows.
#include "common.cuh"

struct alignas(8) cus_cData {  // the sample's cData, CUDA's float2: one 8 B load or store
    float x, y;
};

extern "C" __global__ void cus_fluids_diffuse(float* vx_data, float* vy_data, int dx, int dy,
                                              float dt, float visc, int lb) {
    cus_cData* vx = reinterpret_cast<cus_cData*>(vx_data);
    cus_cData* vy = reinterpret_cast<cus_cData*>(vy_data);

    int gtidx = blockIdx.x * blockDim.x + threadIdx.x;
    int gtidy = blockIdx.y * (lb * ga_block_rows()) + ga_row_in_block() * lb;
    int p;

    cus_cData xterm, yterm;

    // gtidx is the domain location in x for this thread
    if (gtidx < dx) {
        for (p = 0; p < lb; p++) {
            // fi is the domain location in y for this thread
            int fi = gtidy + p;

            if (fi < dy) {
                int fj = fi * dx + gtidx;
                xterm = vx[fj];
                yterm = vy[fj];

                // Compute the index of the wavenumber based on the
                // data order produced by a standard NN FFT.
                int iix = gtidx;
                int iiy = (fi > dy / 2) ? (fi - (dy)) : fi;

                // Velocity diffusion
                float kk = (float)(iix * iix + iiy * iiy);  // k^2
                float diff = 1.f / (1.f + visc * dt * kk);
                xterm.x *= diff;
                xterm.y *= diff;
                yterm.x *= diff;
                yterm.y *= diff;

                // Velocity projection
                if (kk > 0.f) {
                    float rkk = 1.f / kk;
                    // Real portion of velocity projection
                    float rkp = (iix * xterm.x + iiy * yterm.x);
                    // Imaginary portion of velocity projection
                    float ikp = (iix * xterm.y + iiy * yterm.y);
                    xterm.x -= rkk * rkp * iix;
                    xterm.y -= rkk * ikp * iix;
                    yterm.x -= rkk * rkp * iiy;
                    yterm.y -= rkk * ikp * iiy;
                }

                vx[fj] = xterm;
                vy[fj] = yterm;
            }
        }
    }
}

// The correlation layer of an optical-flow network (the cost volume of FlowNetC), FlowNet2's
// correlation_forward (NVIDIA/flownet2-pytorch, networks/correlation_package/
// correlation_cuda_kernel.cu, behind Correlation(pad_size=20, kernel_size=1,
// max_displacement=20, stride1=1, stride2=2): FlowNetC's and FlowNet2's correlation of the two
// frames' conv3 features; the same kernel in PWC-Net's and other PyTorch ports) (blind check set
// 52: written after calibration, never fitted on). As in FlowNet2: the inputs already in the
// padded channels-last layout rInput [n][y + pad][x + pad][c] (FlowNet2's channels_first
// kernel's output), one block per output pixel (n, y, x) = (blockIdx.x, blockIdx.y, blockIdx.z)
// with y1 = blockIdx.y stride1 + max_displacement and x1 likewise, thread c the channels c, c +
// THREADS_PER_BLOCK, ...; for each displacement (tj, ti) in [-displacement_rad,
// displacement_rad]^2 (displacement_rad = max_displacement / stride2) prod_sum[c] = 0, x2 = x1 +
// ti stride2 and y2 = y1 + tj stride2, prod_sum[c] += rInput1[indx1] rInput2[indx2] over the
// kernel's window and the thread's channels, a barrier, then thread 0 sums the
// THREADS_PER_BLOCK partials in order and stores output[n][tc][blockIdx.y][blockIdx.z] =
// reduce_sum / nelems (tc = (tj + rad) displacement_size + ti + rad, nelems = kernel_size^2
// channels); the host's THREADS_PER_BLOCK (32) threads on (batch, outputHeight, outputWidth)
// blocks. Departures: the block the sweep's, any shape (linearized: THREADS_PER_BLOCK its
// threads), prod_sum a dynamic allocation of its threads; a second barrier after thread 0's
// sum (FlowNet2's one warp reads its partials before the next displacement zeroes them in
// lockstep; a block of several warps would race); scalar_t float. Written from memory. Exact:
// whole-number features (every product and partial sum a small integer); the division by
// nelems rounded as IEEE's float32 on both sides (a power of two, 256 channels, at the
// manifest's size). 1-D: the block is linearized, one block an output pixel.
#include "common.cuh"

typedef float scalar_t;

extern "C" __global__ void fn2_correlation(scalar_t* output, int nOutputChannels,
                                           int outputHeight, int outputWidth,
                                           const scalar_t* rInput1, int nInputChannels,
                                           int inputHeight, int inputWidth,
                                           const scalar_t* rInput2, int pad_size,
                                           int kernel_size, int max_displacement, int stride1,
                                           int stride2) {
    // n (batch size), c (num of channels), y (height), x (width)
    const int THREADS_PER_BLOCK = ga_nthreads();

    int pInputWidth = inputWidth + 2 * pad_size;
    int pInputHeight = inputHeight + 2 * pad_size;

    int kernel_rad = (kernel_size - 1) / 2;

    int displacement_rad = max_displacement / stride2;

    int displacement_size = 2 * displacement_rad + 1;

    int n = blockIdx.x;
    int y1 = blockIdx.y * stride1 + max_displacement;
    int x1 = blockIdx.z * stride1 + max_displacement;
    int c = ga_tid();

    int pdimyxc = pInputHeight * pInputWidth * nInputChannels;

    int pdimxc = pInputWidth * nInputChannels;

    int pdimc = nInputChannels;

    int tdimcyx = nOutputChannels * outputHeight * outputWidth;
    int tdimyx = outputHeight * outputWidth;
    int tdimx = outputWidth;

    scalar_t nelems = kernel_size * kernel_size * pdimc;

    extern __shared__ scalar_t prod_sum[];

    // no significant speedup for loop unrolling
    for (int tj = -displacement_rad; tj <= displacement_rad; ++tj) {
        for (int ti = -displacement_rad; ti <= displacement_rad; ++ti) {
            prod_sum[c] = 0;

            int x2 = x1 + ti * stride2;
            int y2 = y1 + tj * stride2;

            for (int j = -kernel_rad; j <= kernel_rad; ++j) {
                for (int i = -kernel_rad; i <= kernel_rad; ++i) {
                    for (int ch = c; ch < pdimc; ch += THREADS_PER_BLOCK) {
                        int indx1 = n * pdimyxc + (y1 + j) * pdimxc + (x1 + i) * pdimc + ch;
                        int indx2 = n * pdimyxc + (y2 + j) * pdimxc + (x2 + i) * pdimc + ch;

                        prod_sum[c] += rInput1[indx1] * rInput2[indx2];
                    }
                }
            }

            // accumulate
            __syncthreads();
            if (c == 0) {
                scalar_t reduce_sum = 0;
                for (int index = 0; index < THREADS_PER_BLOCK; ++index) {
                    reduce_sum += prod_sum[index];
                }
                int tc = (tj + displacement_rad) * displacement_size + (ti + displacement_rad);
                const int tindx = n * tdimcyx + tc * tdimyx + blockIdx.y * tdimx + blockIdx.z;
                output[tindx] = reduce_sum / nelems;
            }
            __syncthreads();  // not in FlowNet2 (one warp): the partials read before zeroed
        }
    }
}

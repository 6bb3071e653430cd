// The Q matrix of non-Cartesian MRI reconstruction, Parboil's mri-q ComputeQ_GPU
// (benchmarks/mri-q/src/cuda/computeQ.cu: Q(x) += sum over the k-space samples of |phi|^2
// (cos, sin)(2 pi k . x)), one voxel per thread (blind check set 29: written after
// calibration, never fitted on; its sweeps go to fixtures/hopper/blind29/ once recorded).
// Thread t takes voxel (x[t], y[t], z[t]), reads Qr[t] and Qi[t] and for each of the numK
// samples of the launch's chunk (KERNEL_Q_K_ELEMS_PER_GRID = 1024, from kGlobalIndex) adds
// PhiMag cos(expArg) and PhiMag sin(expArg), expArg = PIx2 (Kx sX + Ky sY + Kz sZ), two
// samples a trip after Parboil's peel of one sample when numK is odd (Parboil peels ck[0]);
// then stores both sums. Changes: Parboil's __constant__ kValues ck[1024] (Kx, Ky, Kz, PhiMag
// floats) is a global buffer of 4 floats a sample (the same address for every thread: a
// broadcast), Parboil's fixed KERNEL_Q_THREADS_PER_BLOCK (256) in xIndex is the block's
// size, and threads past numX return (Parboil pads numX to the block). Per thread: 5 4 B
// loads and 2 stores (contiguous), then per sample a 16 B table load, 3 FMAs, a multiply and
// cosf and sinf (the accurate ones: |expArg| stays below 2 pi 192, so no slow range
// reduction) and 2 FMAs. float32 (the manifest's tolerance: sinf, cosf and the float sums).
// 1-D: the block is linearized.
#include "common.cuh"

#define PIx2 6.2831853071795864769252867665590058f
#define KERNEL_Q_K_ELEMS_PER_GRID 1024

struct kValues {
    float Kx;
    float Ky;
    float Kz;
    float PhiMag;
};

extern "C" __global__ void mriq_computeq(int numK, int kGlobalIndex, const float* __restrict__ x,
                                         const float* __restrict__ y,
                                         const float* __restrict__ z, float* __restrict__ Qr,
                                         float* __restrict__ Qi, const float* __restrict__ kvals,
                                         int numX) {
    const kValues* ck = reinterpret_cast<const kValues*>(kvals);  // Parboil's __constant__ ck
    float sX;
    float sY;
    float sZ;
    float sQr;
    float sQi;

    // Determine the element of the X arrays computed by this thread
    long long xIndex = ga_linear();  // blockIdx.x * KERNEL_Q_THREADS_PER_BLOCK + threadIdx.x
    if (xIndex >= numX) return;

    // Read block's X values from global mem to shared mem
    sX = x[xIndex];
    sY = y[xIndex];
    sZ = z[xIndex];
    sQr = Qr[xIndex];
    sQi = Qi[xIndex];

    // Loop over all elements of K in constant mem to compute a partial value
    // for X.
    int kIndex = 0;
    if (numK % 2) {
        float expArg = PIx2 * (ck[0].Kx * sX + ck[0].Ky * sY + ck[0].Kz * sZ);
        sQr += ck[0].PhiMag * cos(expArg);
        sQi += ck[0].PhiMag * sin(expArg);
        kIndex++;
        kGlobalIndex++;
    }

    for (; (kIndex < KERNEL_Q_K_ELEMS_PER_GRID) && (kGlobalIndex < numK);
         kIndex += 2, kGlobalIndex += 2) {
        float expArg = PIx2 * (ck[kIndex].Kx * sX + ck[kIndex].Ky * sY + ck[kIndex].Kz * sZ);
        sQr += ck[kIndex].PhiMag * cos(expArg);
        sQi += ck[kIndex].PhiMag * sin(expArg);

        int kIndex1 = kIndex + 1;
        float expArg1 = PIx2 * (ck[kIndex1].Kx * sX + ck[kIndex1].Ky * sY + ck[kIndex1].Kz * sZ);
        sQr += ck[kIndex1].PhiMag * cos(expArg1);
        sQi += ck[kIndex1].PhiMag * sin(expArg1);
    }

    Qr[xIndex] = sQr;
    Qi[xIndex] = sQi;
}

// The deformation field of an affine transformation, NiftyReg's affineKernel
// (KCL-BMEIS/niftyreg, reg-lib/cuda/affineDeformationKernel.cu, behind launchAffine: the CUDA
// platform's affine deformation-field kernel, which reg_aladin's block-matching registration
// runs at every iteration of every level to map the reference image's voxels before resampling
// the floating image) (blind check set 63: written after calibration, never fitted on). As in
// NiftyReg: one thread a voxel (x, y, z) of the nx x ny x nz field; where the voxel is inside
// the volume and its reference mask entry is not negative, the field's float4 at the voxel is
// loaded (composition takes its world position as the point, otherwise the voxel's integer
// coordinates are the point), each of the first three rows of the row-major 4 x 4 float
// matrix (the affine times the reference image's voxel-to-world matrix) is applied to the point
// in double (m0 p0 + m1 p1 + m2 p2 + m3), converted to float, and the float4 (x, y, z, 0) stored
// back; the host's 8 x 8 x 8 blocks on cdiv(nx, 8) x cdiv(ny, 8) x cdiv(nz, 8) blocks.
// Departures: the block the sweep's, any shape (x the voxel's x, y*z the voxel's (y, z) row of
// the field flattened, y fastest: z folded in, on a 2-D grid of cdiv(nx, bx) x cdiv(ny nz,
// by*bz) blocks); the uint3 of sizes three ints and the bool composition an int; the float4
// field a float32 buffer of four words a voxel. Reimplemented from the published source (its
// indexing, arithmetic and control flow; none of its text). Exact: whole-number matrix entries
// and voxel coordinates (every product and sum an integer far below 2^24, the same in double
// and after the conversion to float). 2-D: x the voxel's x, y*z its (y, z) row.
#include "common.cuh"

struct alignas(16) niftyreg_float4 {  // CUDA's float4: one 16 B load and store
    float x, y, z, w;
};

__device__ __forceinline__ double niftyreg_position(const float* matrix, const double* voxel,
                                                    unsigned row) {
    unsigned long long index = row * 4;
    return (double)matrix[index] * voxel[0] + (double)matrix[index + 1] * voxel[1] +
           (double)matrix[index + 2] * voxel[2] + (double)matrix[index + 3];
}

extern "C" __global__ void niftyreg_affine_deformation(const float* __restrict__ matrix,
                                                       float* __restrict__ def_words,
                                                       const int* __restrict__ mask,
                                                       int nx, int ny, int nz,
                                                       int composition) {
    niftyreg_float4* defField = reinterpret_cast<niftyreg_float4*>(def_words);
    const unsigned x = blockIdx.x * blockDim.x + threadIdx.x;
    const unsigned row = (unsigned)ga_row();
    const unsigned y = row % (unsigned)ny;
    const unsigned z = row / (unsigned)ny;
    const unsigned index = x + (unsigned)nx * (y + z * (unsigned)ny);

    if (z < (unsigned)nz && y < (unsigned)ny && x < (unsigned)nx && mask[index] >= 0) {
        const niftyreg_float4 current = defField[index];
        double voxel[3];
        voxel[0] = composition ? current.x : x;
        voxel[1] = composition ? current.y : y;
        voxel[2] = composition ? current.z : z;

        niftyreg_float4 result;
        result.x = (float)niftyreg_position(matrix, voxel, 0);
        result.y = (float)niftyreg_position(matrix, voxel, 1);
        result.z = (float)niftyreg_position(matrix, voxel, 2);
        result.w = 0;
        defField[index] = result;
    }
}

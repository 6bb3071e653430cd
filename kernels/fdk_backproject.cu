// The voxel-driven backprojection of cone-beam CT reconstruction (Feldkamp-Davis-Kress), the
// hot loop of RTK's CUDA FDK backprojection (rtkCudaFDKBackProjectionImageFilter.cu,
// kernel_fdk_3Dgrid: per voxel, for every projection, the 3 x 4 projection matrix times the
// voxel's homogeneous position, ip.z = 1 / ip.z, the detector position (ip.x ip.z, ip.y ip.z),
// the projection sampled there and added with FDK's distance weight ip.z^2), one thread per
// voxel, one grid layer per plane (blind check set 25: written after calibration, never
// fitted on; its sweeps go to fixtures/hopper/blind25/ once recorded). The geometry is a
// circular source trajectory: projection p at angle beta = 2 pi p / nproj, source at
// distance dso from the rotation axis, a flat detector at distance dsd from the source with
// unit pixels and its centre on the central ray; the volume's unit voxels are centred on the
// axis (X = x - (nx - 1) / 2, Y, Z likewise). RTK builds each projection's matrix on the host;
// here the two rows it needs are built from cos beta and sin beta at the top of the loop (the
// same for every thread): s = X cos + Y sin (towards the source), t = Y cos - X sin, the
// magnification ip.z = dsd / (dso - s), u = t ip.z + (du - 1) / 2, v = Z ip.z + (dv - 1) / 2,
// the weight (dso / (dso - s))^2 (FDK's U^-2). RTK samples a layered texture (hardware
// bilinear, zero border); here the bilinear interpolation is in software as its CPU filter
// does, the four neighbours of (u, v) weighted by the fractions, those outside the du x dv
// detector counted as 0. proj is nproj x dv x du float32 (filtered projections), vol is nz x
// ny x nx float32, out = the sum over the projections. Per thread: for each of the nproj
// projections a sincos (uniform), some 30 float operations with one division, and four
// data-dependent 4 B loads in a 2 x 2 neighbourhood of the projection (a warp's lanes along x
// land on neighbouring detector pixels: a few sectors, L1 and L2 hits; the projections,
// nproj du dv 4 B, stay in L2), then one coalesced 4 B store (sincosf's 32-byte stack frame
// is its large-argument reduction, never reached for angles below 2 pi). No shared memory.
// float32 (the manifest's tolerance: the reference computes in float64). x -> x, y*z -> y,
// blockIdx.z -> z (one grid layer per plane of voxels).
#include "common.cuh"

extern "C" __global__ void fdk_backproject(const float* __restrict__ proj, float* __restrict__ vol,
                                           int nx, int ny, int nz, int nproj, int du, int dv,
                                           float dso, float dsd) {
    const int x = ga_col();
    const int y = ga_row();
    const int z = blockIdx.z;
    if (x >= nx || y >= ny || z >= nz) {
        return;
    }
    const float vx = x - 0.5f * (nx - 1);
    const float vy = y - 0.5f * (ny - 1);
    const float vz = z - 0.5f * (nz - 1);
    const float cu = 0.5f * (du - 1);
    const float cv = 0.5f * (dv - 1);
    const float dbeta = 6.283185307179586f / nproj;
    const long long pixels = (long long)du * dv;
    float voxel_data = 0.0f;
    for (int p = 0; p < nproj; ++p) {
        float sn, cs;
        sincosf(p * dbeta, &sn, &cs);
        const float s = vx * cs + vy * sn;
        const float t = vy * cs - vx * sn;
        const float inv = 1.0f / (dso - s);
        const float mag = dsd * inv;  // ip.z
        const float u = t * mag + cu;
        const float v = vz * mag + cv;
        const float w = dso * inv;
        // bilinear interpolation, zero outside the detector
        const int u0 = (int)floorf(u);
        const int v0 = (int)floorf(v);
        const float fu = u - u0;
        const float fv = v - v0;
        const float* img = proj + p * pixels;
        float sample = 0.0f;
        if (v0 >= 0 && v0 < dv) {
            const float* row = img + (long long)v0 * du;
            if (u0 >= 0 && u0 < du) sample += (1.0f - fv) * (1.0f - fu) * row[u0];
            if (u0 + 1 >= 0 && u0 + 1 < du) sample += (1.0f - fv) * fu * row[u0 + 1];
        }
        if (v0 + 1 >= 0 && v0 + 1 < dv) {
            const float* row = img + (long long)(v0 + 1) * du;
            if (u0 >= 0 && u0 < du) sample += fv * (1.0f - fu) * row[u0];
            if (u0 + 1 >= 0 && u0 + 1 < du) sample += fv * fu * row[u0 + 1];
        }
        voxel_data += w * w * sample;
    }
    vol[((long long)z * ny + y) * nx + x] = voxel_data;
}

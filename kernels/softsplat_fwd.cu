// softmax-splatting's kernel_Softsplat_updateOutput (sniklaus/softmax-splatting, softsplat.py,
// a CuPy kernel launched by _FunctionSoftsplat.forward in the same file behind
// FunctionSoftsplat / ModuleSoftsplat: forward warping for video frame interpolation, each
// input pixel splatted bilinearly to where its optical flow carries it, summed with atomics)
// (blind check set 89: written after calibration, never fitted on). As in the source: a
// grid-stride loop over the output's n = N C H W elements, intIndex split into (intN, intC,
// intY, intX) by the output's sizes, the target (intX + flow[intN][0][intY][intX], intY +
// flow[intN][1][intY][intX]), its floor the north-west corner and the three other corners one
// column and/or one row on, the four bilinear weights from the distances to the opposite
// corners, and for each corner inside the image atomicAdd(output[intN][intC][y][x],
// input[intN][intC][intY][intX] * weight); the host's 512 threads on cdiv(n, 512) blocks (the
// loop run once). Departures: the block the sweep's, any shape (linearized); the SIZE_ and
// VALUE_ macros as explicit sizes and row-major offsets (64-bit). Reimplemented from the
// published source (its indexing, arithmetic and control flow; none of its text). Exact:
// whole-number flows (weight 1 at the north-west corner, 0 at the others) and whole-number
// values, so the atomic sums are order-free. 1-D, no shared memory: one thread an input value,
// two 4 B flow loads (a warp's 128 B contiguous each), a 4 B input load (128 B contiguous)
// and four 4 B float atomicAdds at the flowed corners (a warp's lanes scattered by the flow).
#include "common.cuh"

extern "C" __global__ void softsplat_fwd(int n, const float* input, const float* flow,
                                         float* output, int N, int C, int H, int W) {
    const long long stride = (long long)gridDim.x * ga_nthreads();
    for (long long idx = ga_linear(); idx < n; idx += stride) {
        const int in = (int)((idx / W / H / C) % N);
        const int ic = (int)((idx / W / H) % C);
        const int iy = (int)((idx / W) % H);
        const int ix = (int)(idx % W);
        const long long fpix = (long long)in * 2 * H * W + (long long)iy * W + ix;
        const float ox = (float)ix + flow[fpix];
        const float oy = (float)iy + flow[fpix + (long long)H * W];
        const int nwx = (int)floorf(ox);
        const int nwy = (int)floorf(oy);
        const int nex = nwx + 1, ney = nwy;
        const int swx = nwx, swy = nwy + 1;
        const int sex = nwx + 1, sey = nwy + 1;
        const float wnw = ((float)sex - ox) * ((float)sey - oy);
        const float wne = (ox - (float)swx) * ((float)swy - oy);
        const float wsw = ((float)nex - ox) * (oy - (float)ney);
        const float wse = (ox - (float)nwx) * (oy - (float)nwy);
        const float v = input[idx];
        float* plane = output + ((long long)in * C + ic) * H * W;
        if (nwx >= 0 && nwx < W && nwy >= 0 && nwy < H)
            atomicAdd(&plane[(long long)nwy * W + nwx], v * wnw);
        if (nex >= 0 && nex < W && ney >= 0 && ney < H)
            atomicAdd(&plane[(long long)ney * W + nex], v * wne);
        if (swx >= 0 && swx < W && swy >= 0 && swy < H)
            atomicAdd(&plane[(long long)swy * W + swx], v * wsw);
        if (sex >= 0 && sex < W && sey >= 0 && sey < H)
            atomicAdd(&plane[(long long)sey * W + sex], v * wse);
    }
}

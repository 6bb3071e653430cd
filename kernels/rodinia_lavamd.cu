// Particle potentials and forces within a cutoff of neighbouring boxes, Rodinia's lavaMD
// kernel_gpu_cuda (lavaMD/kernel/kernel_gpu_cuda.cu; double precision, NUMBER_PAR_PER_BOX 100)
// (blind check set 37: written after calibration, never fitted on). As in Rodinia: one block
// per home box (bx < number_boxes), its 100 particles' positions (FOUR_VECTOR v, x, y, z)
// staged in rA_shared by a loop of the block's width, a barrier; then for the home box itself
// (k = 0) and each of its neighbours in turn, the neighbour's 100 positions and charges staged
// in rB_shared and qB_shared (a loop of the block's width), a barrier, each thread taking home
// particles wtx = tx, tx + NUMBER_THREADS, ... < 100 and for every particle j of the neighbour
// r2 = v_A + v_B - DOT(A, B), u2 = a2 r2 (a2 = 2 alpha^2), vij = exp(-u2), fs = 2 vij, d = A -
// B, and fA (in global memory) += (q_j vij, q_j fs d.x, q_j fs d.y, q_j fs d.z), a barrier.
// Departures: NUMBER_THREADS (Rodinia's #define, 128) is the block's size, any shape
// (linearized); the box's neighbour list (d_box_gpu[bx].nei, which Rodinia's main builds on the
// host) computed in the kernel from the box's number in Rodinia's order (home box, then the
// neighbours by z, y, x offsets -1, 0, 1, skipping the home box and those past the edges of the
// boxes1d^3 grid; offsets number x NUMBER_PAR_PER_BOX); the three static __shared__ arrays carved
// from 7,200 B of dynamic shared memory (the CPU shim's one shared buffer); par.alpha and
// dim.number_boxes scalar arguments. Written from memory of Rodinia's kernel. 1-D: a block per
// box (a fixed grid), threads past the 100th idle after the staging loops.
#include "common.cuh"

#define NUMBER_PAR_PER_BOX 100

typedef double fp;

struct THREE_VECTOR {
    fp x, y, z;
};

struct FOUR_VECTOR {
    fp v, x, y, z;
};

#define DOT(A, B) ((A.x) * (B.x) + (A.y) * (B.y) + (A.z) * (B.z))

extern "C" __global__ void rodinia_lavamd(fp alpha, int boxes1d, int number_boxes,
                                          const fp* rv, const fp* qv, fp* fv) {
    extern __shared__ fp lavamd_smem[];  // rA_shared, rB_shared and qB_shared
    const FOUR_VECTOR* d_rv_gpu = reinterpret_cast<const FOUR_VECTOR*>(rv);
    const fp* d_qv_gpu = qv;
    FOUR_VECTOR* d_fv_gpu = reinterpret_cast<FOUR_VECTOR*>(fv);
    const int NUMBER_THREADS = ga_nthreads();

    //--------------------------------------------------------------------------------------
    //	THREAD PARAMETERS
    //--------------------------------------------------------------------------------------
    int bx = blockIdx.x;  // get current horizontal block index (0-n)
    int tx = ga_tid();    // get current horizontal thread index (0-n)
    int wtx = tx;

    //--------------------------------------------------------------------------------------
    //	DO FOR THE NUMBER OF BOXES
    //--------------------------------------------------------------------------------------
    if (bx < number_boxes) {
        // parameters
        fp a2 = 2.0 * alpha * alpha;

        // home box
        int first_i;
        const FOUR_VECTOR* rA;
        FOUR_VECTOR* fA;
        FOUR_VECTOR* rA_shared = reinterpret_cast<FOUR_VECTOR*>(lavamd_smem);

        // nei box
        int pointer;
        int k = 0;
        int first_j;
        const FOUR_VECTOR* rB;
        const fp* qB;
        int j = 0;
        FOUR_VECTOR* rB_shared = rA_shared + NUMBER_PAR_PER_BOX;
        fp* qB_shared = reinterpret_cast<fp*>(rB_shared + NUMBER_PAR_PER_BOX);

        // common
        fp r2;
        fp u2;
        fp vij;
        fp fs;
        fp fxij;
        fp fyij;
        fp fzij;
        THREE_VECTOR d;

        // home box - box parameters
        first_i = bx * NUMBER_PAR_PER_BOX;  // d_box_gpu[bx].offset

        // home box - distance, force, charge and type parameters
        rA = &d_rv_gpu[first_i];
        fA = &d_fv_gpu[first_i];

        // home box - shared memory
        while (wtx < NUMBER_PAR_PER_BOX) {
            rA_shared[wtx] = rA[wtx];
            wtx = wtx + NUMBER_THREADS;
        }
        wtx = tx;

        // synchronize threads - not needed, but just to be safe
        __syncthreads();

        // the box's coordinates (Rodinia's box_cpu[nh].x, y, z: x fastest)
        const int box_x = bx % boxes1d;
        const int box_y = (bx / boxes1d) % boxes1d;
        const int box_z = bx / (boxes1d * boxes1d);

        // loop over neighbor boxes of home box: the home box (k = 0), then Rodinia's nei[] order
        for (int nei = -1; nei < 27; nei++) {
            if (nei < 0) {
                k = 0;
                pointer = bx;  // set first box to be processed to home box
            } else {
                const int l = nei / 9 - 1, m = (nei / 3) % 3 - 1, n = nei % 3 - 1;
                const int nz = box_z + l, ny = box_y + m, nx = box_x + n;
                if (nz < 0 || ny < 0 || nx < 0 || nz >= boxes1d || ny >= boxes1d ||
                    nx >= boxes1d || (l == 0 && m == 0 && n == 0))
                    continue;  // the same for the whole block: the barriers below stay uniform
                k = k + 1;
                pointer = (nz * boxes1d * boxes1d) + (ny * boxes1d) + nx;  // nei[k - 1].number
            }

            // nei box - box parameters
            first_j = pointer * NUMBER_PAR_PER_BOX;  // d_box_gpu[pointer].offset

            // nei box - distance, (force), charge and (type) parameters
            rB = &d_rv_gpu[first_j];
            qB = &d_qv_gpu[first_j];

            // nei box - shared memory
            while (wtx < NUMBER_PAR_PER_BOX) {
                rB_shared[wtx] = rB[wtx];
                qB_shared[wtx] = qB[wtx];
                wtx = wtx + NUMBER_THREADS;
            }
            wtx = tx;

            // synchronize threads because in next section each thread accesses data brought in
            // by different threads here
            __syncthreads();

            // loop for the number of particles in the home box
            while (wtx < NUMBER_PAR_PER_BOX) {
                // loop for the number of particles in the current nei box
                for (j = 0; j < NUMBER_PAR_PER_BOX; j++) {
                    r2 = rA_shared[wtx].v + rB_shared[j].v - DOT(rA_shared[wtx], rB_shared[j]);
                    u2 = a2 * r2;
                    vij = exp(-u2);
                    fs = 2 * vij;

                    d.x = rA_shared[wtx].x - rB_shared[j].x;
                    fxij = fs * d.x;
                    d.y = rA_shared[wtx].y - rB_shared[j].y;
                    fyij = fs * d.y;
                    d.z = rA_shared[wtx].z - rB_shared[j].z;
                    fzij = fs * d.z;

                    fA[wtx].v += qB_shared[j] * vij;
                    fA[wtx].x += qB_shared[j] * fxij;
                    fA[wtx].y += qB_shared[j] * fyij;
                    fA[wtx].z += qB_shared[j] * fzij;
                }

                // increment work thread index
                wtx = wtx + NUMBER_THREADS;
            }

            // reset work index
            wtx = tx;

            // synchronize after finishing force contributions from current nei box not to
            // cause conflicts when starting next box
            __syncthreads();
        }
    }
}

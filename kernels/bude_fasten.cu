// Protein-ligand docking energies of many poses, miniBUDE's fasten_main (UoB-HPC/miniBUDE, the
// CUDA port of the Bristol University Docking Engine's inner kernel: the empirical free energy
// of each pose summed over every ligand atom - protein atom pair) (blind check set 42: written
// after calibration, never fitted on). As in miniBUDE: PPWI = 4 poses per thread, blockDim.x
// apart (the block's poses ix .. ix + 3 blockDim.x); the forcefield table copied to shared
// memory by the block, a barrier; per pose the rotation matrix from the sines and cosines of
// its three angles (transforms_0..2) and its translation (transforms_3..5); then for each
// ligand atom (its forcefield record, the pose's transformed position) and each protein atom
// (its record: radius, hbtype, hphb and elsc give radij, elcdst, type_E, the solvation
// distance and the charge and desolvation factors once for the PPWI poses) the distance, the
// steric term (1 - d / radij) 2 HARDNESS inside the spheres, the charge term chrg_init (1 or 1 -
// (d - radij) elcdst1 outside, 0 beyond elcdst) CNSTNT, negative where either atom is of
// hbtype E, and the desolvation term, all as miniBUDE's selects; etotals = 0.5 etot.
// Departures: the block any shape, linearized, and poses past numTransforms clamped to the
// last one and not stored, each on its own (miniBUDE, as remembered, clamps the thread's first
// pose to nposes - PPWI, which keeps its poses in range only for whole blocks of poses); the
// Atom records' int type carried in the float4's w and converted (the manifest's buffers have
// one type each), the FFParams table given as four arrays (hbtype, radius, hphb, elsc) and
// assembled into the same 16 B records in shared memory; float3 positions as three floats;
// the PPWI loops marked #pragma unroll (the transforms and sums stay in registers); the
// ntypes, natlig and natpro size_t arguments int. Written from memory. float32 with sinf and cosf and sums of 24,388
// pairs' terms: checked to a relative 1e-4 (the float32 sums agree with the reference's to
// about 1e-6). 1-D: the block is linearized.
#include "common.cuh"

#define BUDE_PPWI 4
#define BUDE_ZERO 0.0f
#define BUDE_QUARTER 0.25f
#define BUDE_HALF 0.5f
#define BUDE_ONE 1.0f
#define BUDE_TWO 2.0f
#define BUDE_FOUR 4.0f
#define BUDE_CNSTNT 45.0f
#define BUDE_HBTYPE_F 70
#define BUDE_HBTYPE_E 69
#define BUDE_HARDNESS 38.0f
#define BUDE_NPNPDIST 5.5f
#define BUDE_NPPDIST 1.0f
#define BUDE_FLT_MAX 3.402823466e+38f

struct bude_FFParams {
    int hbtype;
    float radius;
    float hphb;
    float elsc;
};

extern "C" __global__ void bude_fasten(int ntypes, int natlig, int natpro,
                                       const float* protein_words, const float* ligand_words,
                                       const float* transforms_0, const float* transforms_1,
                                       const float* transforms_2, const float* transforms_3,
                                       const float* transforms_4, const float* transforms_5,
                                       float* etotals, const int* ff_hbtype,
                                       const float* ff_radius, const float* ff_hphb,
                                       const float* ff_elsc, int numTransforms) {
    extern __shared__ float bude_smem[];
    bude_FFParams* forcefield = reinterpret_cast<bude_FFParams*>(bude_smem);
    const float4* protein = reinterpret_cast<const float4*>(protein_words);
    const float4* ligand = reinterpret_cast<const float4*>(ligand_words);

    const int lid = ga_tid();
    const int lsz = ga_nthreads();

    // Copy the forcefield parameter table to shared memory
    for (int i = lid; i < ntypes; i += lsz) {
        bude_FFParams params;
        params.hbtype = ff_hbtype[i];
        params.radius = ff_radius[i];
        params.hphb = ff_hphb[i];
        params.elsc = ff_elsc[i];
        forcefield[i] = params;
    }
    __syncthreads();

    // Get index of first TD
    const int ix = blockIdx.x * lsz * BUDE_PPWI + lid;

    float etot[BUDE_PPWI];
    float lpos_x[BUDE_PPWI], lpos_y[BUDE_PPWI], lpos_z[BUDE_PPWI];
    float4 transform[BUDE_PPWI][3];

    // Compute transformation matrix to private memory
    #pragma unroll
    for (int i = 0; i < BUDE_PPWI; i++) {
        const int index = min(ix + i * lsz, numTransforms - 1);

        const float sx = sinf(transforms_0[index]);
        const float cx = cosf(transforms_0[index]);
        const float sy = sinf(transforms_1[index]);
        const float cy = cosf(transforms_1[index]);
        const float sz = sinf(transforms_2[index]);
        const float cz = cosf(transforms_2[index]);

        transform[i][0].x = cy * cz;
        transform[i][0].y = sx * sy * cz - cx * sz;
        transform[i][0].z = cx * sy * cz + sx * sz;
        transform[i][0].w = transforms_3[index];
        transform[i][1].x = cy * sz;
        transform[i][1].y = sx * sy * sz + cx * cz;
        transform[i][1].z = cx * sy * sz - sx * cz;
        transform[i][1].w = transforms_4[index];
        transform[i][2].x = -sy;
        transform[i][2].y = sx * cy;
        transform[i][2].z = cx * cy;
        transform[i][2].w = transforms_5[index];

        etot[i] = BUDE_ZERO;
    }

    // Loop over ligand atoms
    int il = 0;
    do {
        // Load ligand atom data
        const float4 l_atom = ligand[il];
        const bude_FFParams l_params = forcefield[(int)l_atom.w];
        const bool lhphb_ltz = l_params.hphb < BUDE_ZERO;
        const bool lhphb_gtz = l_params.hphb > BUDE_ZERO;

        const float4 linitpos = make_float4(l_atom.x, l_atom.y, l_atom.z, BUDE_ONE);
        #pragma unroll
        for (int i = 0; i < BUDE_PPWI; i++) {
            // Transform ligand atom
            lpos_x[i] = transform[i][0].w + linitpos.x * transform[i][0].x +
                        linitpos.y * transform[i][0].y + linitpos.z * transform[i][0].z;
            lpos_y[i] = transform[i][1].w + linitpos.x * transform[i][1].x +
                        linitpos.y * transform[i][1].y + linitpos.z * transform[i][1].z;
            lpos_z[i] = transform[i][2].w + linitpos.x * transform[i][2].x +
                        linitpos.y * transform[i][2].y + linitpos.z * transform[i][2].z;
        }

        // Loop over protein atoms
        int ip = 0;
        do {
            // Load protein atom data
            const float4 p_atom = protein[ip];
            const bude_FFParams p_params = forcefield[(int)p_atom.w];

            const float radij = p_params.radius + l_params.radius;
            const float r_radij = BUDE_ONE / radij;

            const float elcdst =
                (p_params.hbtype == BUDE_HBTYPE_F && l_params.hbtype == BUDE_HBTYPE_F)
                    ? BUDE_FOUR
                    : BUDE_TWO;
            const float elcdst1 =
                (p_params.hbtype == BUDE_HBTYPE_F && l_params.hbtype == BUDE_HBTYPE_F)
                    ? BUDE_QUARTER
                    : BUDE_HALF;
            const bool type_E =
                ((p_params.hbtype == BUDE_HBTYPE_E || l_params.hbtype == BUDE_HBTYPE_E));

            const bool phphb_ltz = p_params.hphb < BUDE_ZERO;
            const bool phphb_gtz = p_params.hphb > BUDE_ZERO;
            const bool phphb_nz = p_params.hphb != BUDE_ZERO;
            const float p_hphb = p_params.hphb * (phphb_ltz && lhphb_gtz ? -BUDE_ONE : BUDE_ONE);
            const float l_hphb = l_params.hphb * (phphb_gtz && lhphb_ltz ? -BUDE_ONE : BUDE_ONE);
            const float distdslv =
                (phphb_ltz ? (lhphb_ltz ? BUDE_NPNPDIST : BUDE_NPPDIST)
                           : (lhphb_ltz ? BUDE_NPPDIST : -BUDE_FLT_MAX));
            const float r_distdslv = BUDE_ONE / distdslv;

            const float chrg_init = l_params.elsc * p_params.elsc;
            const float dslv_init = p_hphb + l_hphb;

            #pragma unroll
            for (int i = 0; i < BUDE_PPWI; i++) {
                // Calculate distance between atoms
                const float x = lpos_x[i] - p_atom.x;
                const float y = lpos_y[i] - p_atom.y;
                const float z = lpos_z[i] - p_atom.z;
                const float distij = sqrtf(x * x + y * y + z * z);

                // Calculate the sum of the sphere radii
                const float distbb = distij - radij;
                const bool zone1 = (distbb < BUDE_ZERO);

                // Calculate steric energy
                etot[i] += (BUDE_ONE - (distij * r_radij)) * (zone1 ? 2 * BUDE_HARDNESS : BUDE_ZERO);

                // Calculate formal and dipole charge interactions
                float chrg_e = chrg_init * ((zone1 ? 1 : (BUDE_ONE - distbb * elcdst1)) *
                                            (distbb < elcdst ? 1 : BUDE_ZERO));
                const float neg_chrg_e = -fabsf(chrg_e);
                chrg_e = type_E ? neg_chrg_e : chrg_e;
                etot[i] += chrg_e * BUDE_CNSTNT;

                // Calculate the two cases for Nonpolar-Polar repulsive interactions
                const float coeff = (BUDE_ONE - (distbb * r_distdslv));
                float dslv_e = dslv_init * ((distbb < distdslv && phphb_nz) ? 1 : BUDE_ZERO);
                dslv_e *= (zone1 ? 1 : coeff);
                etot[i] += dslv_e;
            }
        } while (++ip < natpro);  // loop over protein atoms
    } while (++il < natlig);      // loop over ligand atoms

    // Write results
    #pragma unroll
    for (int i = 0; i < BUDE_PPWI; i++) {
        if (ix + i * lsz < numTransforms) etotals[ix + i * lsz] = etot[i] * BUDE_HALF;
    }
}

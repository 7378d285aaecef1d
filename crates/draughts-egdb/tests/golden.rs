//! The databases pinned byte for byte: every variant's files up to 3 pieces (4 for
//! English and the mirrored 8x8 boards of Italian and Spanish) hashed, file name and
//! bytes, and the probe's answers on seeded random positions of up to 5 pieces hashed
//! too. The checksums were taken before the database left the core's raw bit layout
//! for typed operations; any change to a file or an answer, in any variant, changes
//! them. Spanish's answers changed once, on purpose, when it took its own numbering (1 at
//! White's bottom right, issue 24): its files stayed the same bytes, but the random
//! positions are drawn by square number, so they are other positions. All the answers
//! changed once more when the sampler took the workspace's one generator (Xoshiro256++,
//! issue 80) instead of its own xorshift: the old generator's positions were checked to
//! give the old answers with the new code first, then the new positions pinned.

use draughts_core::Variant;
use draughts_egdb::{build, wld_letter, BuildOptions, Database, Material, Sampler};
use std::path::PathBuf;

/// FNV-1a over bytes.
struct Fnv(u64);

impl Fnv {
    fn add(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.0 = (self.0 ^ u64::from(byte)).wrapping_mul(0x100_0000_01b3);
        }
    }
}

/// The checksums of variant `V`'s database up to `pieces`: of its files (in name order,
/// each name and its bytes) and of the probe's answers on 300 random positions of every
/// material up to 5 pieces, either side to move (those beyond the database answer
/// unknown unless a capture leads into it).
fn checksums<V: Variant>(pieces: u32) -> (u64, u64) {
    let dir: PathBuf =
        std::env::temp_dir().join(format!("egdb-golden-{}-{}", V::NAME, std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    build::<V>(&dir, pieces, &BuildOptions::default()).expect("the build");
    let mut names: Vec<_> = std::fs::read_dir(&dir)
        .expect("the folder")
        .map(|entry| entry.expect("an entry").file_name())
        .collect();
    names.sort();
    let mut files = Fnv(0xcbf2_9ce4_8422_2325);
    for name in &names {
        files.add(name.as_encoded_bytes());
        files.add(&std::fs::read(dir.join(name)).expect("a file"));
    }
    let db = Database::<V>::open(&dir).expect("the database");
    let mut answers = Fnv(0xcbf2_9ce4_8422_2325);
    let mut sampler = Sampler::new(24);
    for material in Material::all_up_to(5) {
        for _ in 0..300 {
            let turn = sampler.color();
            if let Some(pos) = sampler.position::<V>(material, turn) {
                let value = db.probe(&pos).expect("an undamaged database");
                answers.add(pos.to_fen().as_bytes());
                answers.add(&[wld_letter(value) as u8]);
            }
        }
    }
    std::fs::remove_dir_all(&dir).expect("the folder removed");
    assert!(!names.is_empty(), "{}: no files", V::NAME);
    (files.0, answers.0)
}

/// One test per variant: its name, its type, the pieces built, and the two checksums.
macro_rules! golden {
    ($($test:ident $variant:ident $pieces:literal $files:literal $answers:literal),+ $(,)?) => {
        $(
            #[test]
            fn $test() {
                let (files, answers) = checksums::<draughts_core::$variant>($pieces);
                assert_eq!(
                    (files, answers),
                    ($files, $answers),
                    "files {files:#018x}, answers {answers:#018x}"
                );
            }
        )+
    };
}

golden! {
    international International 3 0xc1c828737a2f5ea7 0x79d65dc952fe54d9,
    english English 4 0xdf59a0585acecb2e 0x2b98b988c52d4ab1,
    brazilian Brazilian 3 0x9c7a933ea6f0919e 0xa18c9c94d9059a30,
    pool Pool 3 0x5f053eddb4e3521e 0x79dae3ccc9b6b6a8,
    russian Russian 3 0x2d8da6e18b48304f 0xa18c9c94d9059a30,
    italian Italian 4 0xbe57623925aa5b1c 0x86d043c829a7f278,
    spanish Spanish 4 0x49e4ba5a8919841f 0x97e7cb634a2c1e33,
    czech Czech 3 0xe021461e937f07a5 0xbe26f6409f02944d,
    thai Thai 3 0xd5b9f70dbf4b8662 0x8bf80b0bbe96c410,
    turkish Turkish 3 0xdce5f247521773ca 0x98e68f0f2d6dc4f6,
    killer Killer 3 0x5a9080396351b844 0x3939d200c27c28ea,
    antidraughts Antidraughts 3 0x0f171beb6b5afc28 0x66b8a64cfd358537,
    breakthrough Breakthrough 3 0xf089d24140ef0915 0x2968b590aabfec06,
    frisian Frisian 3 0x73bf01dbcb2def16 0x02b3a2dca5f22126,
    frysk Frysk 3 0x9997ded2cf6c7180 0x02b3a2dca5f22126,
}

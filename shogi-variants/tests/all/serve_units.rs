//! Unit tests of the web board's modules (the library has no test harness of its own).

mod glyphs {
    use shogi_variants::registry;
    use shogi_variants::serve::glyphs::*;

    #[test]
    fn every_registered_piece_has_a_kanji() {
        // A new piece without a kanji would show its letter; this names it so the table grows.
        for t in registry::tables() {
            for p in t.pieces {
                assert!(
                    kanji(p.name).is_some(),
                    "{}: no kanji for {}",
                    t.name,
                    p.name
                );
            }
        }
    }

    /// The kanji the seeds' Japanese names give: the Hybrid's queen is 奔王 and its knight
    /// 八方桂 (seed 000, Shogi-Hybrid), Kirin-Phoenix's pieces 麒麟, 鳳凰, 獅子, 奔王.
    #[test]
    fn variant_kanji_follow_the_seeds() {
        for (name, want) in [
            ("queen", "奔"),
            ("chess_knight", "八桂"),
            ("eight_knight", "八桂"),
            ("immortal_silver", "不銀"),
            ("kirin", "麒"),
            ("phoenix", "鳳"),
            ("lion", "獅"),
            ("free_king", "奔"),
        ] {
            assert_eq!(kanji(name), Some(want), "{name}");
        }
    }
}

mod board {
    use shogi_core::Game;
    use shogi_core::{Position, Rules, Square};
    use shogi_variants::serve::board::*;
    use shogi_variants::variants as v;

    /// Along seeded random games, every piece marked paralysed of the side to move has no
    /// legal move; some positions have one (so the check is not empty).
    fn paralysed_pieces_cannot_move<R: Rules>() -> usize {
        let mut marked = 0;
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        for setup in 0..R::TABLE.setups.len() {
            for _ in 0..20 {
                let mut game = Game::<R>::startpos(setup);
                for _ in 0..80 {
                    let moves = game.legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    let pos = game.position().clone();
                    for sq in paralysed(&pos) {
                        if pos.piece_at(sq).color() == pos.side_to_move() {
                            marked += 1;
                            assert!(
                                !moves.iter().any(|m| !m.is_drop() && m.from() == sq),
                                "{}: {sq} marked paralysed but has moves in {}",
                                R::TABLE.name,
                                pos.to_sfen()
                            );
                        }
                    }
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    let mv = moves[(seed % moves.len() as u64) as usize];
                    game.play(mv).unwrap();
                }
            }
        }
        marked
    }

    #[test]
    fn paralysis_marks_agree_with_the_legal_moves() {
        assert!(paralysed_pieces_cannot_move::<v::Paralysis>() > 0);
        assert!(paralysed_pieces_cannot_move::<v::Madrasi>() > 0);
        assert!(paralysed_pieces_cannot_move::<v::MadrasiKings>() > 0);
        assert!(paralysed_pieces_cannot_move::<v::MadrasiGolds>() > 0);
        assert!(paralysed_pieces_cannot_move::<v::MadrasiKingsGolds>() > 0);
        // Without paralysis nothing is marked.
        let pos = Position::<v::Standard>::startpos(0);
        assert!(paralysed(&pos).is_empty());
    }

    #[test]
    fn display_rows_cover_the_board_once() {
        let rows = display_rows::<v::Standard>();
        let (files, ranks) = dims::<v::Standard>();
        assert_eq!(rows.len(), ranks as usize);
        assert!(rows.iter().all(|r| r.len() == files as usize));
        let mut all: Vec<Square> = rows.into_iter().flatten().collect();
        assert_eq!(all[0].to_string(), format!("{files}a"));
        all.sort();
        all.dedup();
        assert_eq!(all.len(), files as usize * ranks as usize);
    }
}

mod api {
    use shogi_variants::serve::api::is_loopback_host;

    #[test]
    fn loopback_host_names() {
        for h in [
            "127.0.0.1:8080",
            "localhost",
            "LOCALHOST:1",
            "a.localhost:80",
            "127.1.2.3",
            "[::1]:8080",
            "[::1]",
        ] {
            assert!(is_loopback_host(h), "{h}");
        }
        for h in [
            "",
            "evil.example",
            "evil.example:8080",
            "127.0.0.1.evil.example",
            "10.0.0.1:8080",
            "[::2]:80",
            "localhost.evil",
        ] {
            assert!(!is_loopback_host(h), "{h}");
        }
    }
}

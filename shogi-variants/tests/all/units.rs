//! What were the library's unit tests (records notation, handicaps, progress, tuning,
//! analysis marks, Elo estimates), here so that `cargo test` does not compile the 70-rule-set
//! library a second time as a test harness.

mod notation {
    use shogi_variants::records::notation::*;

    #[test]
    fn squares_and_numbers() {
        let sq = shogi_core::geometry::Geometry::STANDARD
            .parse_square("7f")
            .unwrap();
        assert_eq!(kif_square(sq).as_deref(), Some("７六"));
        assert_eq!(square_numbers(sq), Some((7, 6)));
        assert_eq!(square_of(7, 6), Some(sq));
        assert_eq!(square_of(0, 6), None);
        assert_eq!(square_of(1, 10), None);
        assert_eq!(file_digit('９'), Some(9));
        assert_eq!(file_digit('3'), Some(3));
        assert_eq!(rank_numeral('九'), Some(9));
        assert_eq!(rank_numeral('x'), None);
    }

    #[test]
    fn counts() {
        for n in 1..=18 {
            assert_eq!(parse_kanji_count(&kanji_count(n)), Some(n), "{n}");
        }
        assert_eq!(kanji_count(15), "十五");
        assert_eq!(parse_kanji_count("十五"), Some(15));
        assert_eq!(parse_kanji_count("二十"), Some(20));
        assert_eq!(parse_kanji_count("x"), None);
    }

    #[test]
    fn piece_names() {
        assert_eq!(kind_of_kanji("成銀"), Some("promoted_silver"));
        assert_eq!(kind_of_kanji("全"), Some("promoted_silver"));
        assert_eq!(kind_of_kanji("竜"), Some("dragon"));
        assert_eq!(kind_of_kanji("王"), Some("king"));
        assert_eq!(kind_of_kanji("象"), Some("drunk_elephant"));
        assert_eq!(kind_of_kanji("犬"), None);
        // Large boards: lishogi's two-kanji names and the ranks beyond 九.
        assert_eq!(leading_piece("金飛車 （←4二）"), Some(("promoted_gold", 9)));
        assert_eq!(leading_piece("龍王成"), Some(("dragon", 6)));
        assert_eq!(rank_kanji(12), "十二");
        assert_eq!(leading_rank("十二獅子"), Some((12, 6)));
        assert_eq!(leading_rank("十獅子"), Some((10, 3)));
        assert_eq!(leading_rank("八獅子"), Some((8, 3)));
        assert_eq!(leading_rank("獅子"), None);
        assert_eq!(leading_piece("成銀(37)"), Some(("promoted_silver", 6)));
        assert_eq!(leading_piece("銀成(37)"), Some(("silver", 3)));
        assert_eq!(leading_piece("麒麟(55)"), Some(("kirin", 6)));
        assert_eq!(kind_of_csa("NG"), Some("promoted_silver"));
        assert_eq!(width("７六歩(77)"), 10);
        assert_eq!(pad("７六歩(77)", 12), "７六歩(77)  ");
    }
}

mod handicap {
    use shogi_core::Position;
    use shogi_variants::records::handicap::*;

    /// Each handicap is the even start less exactly the pieces its CSA `PI` line removes,
    /// with White to move; the SFENs are checked against that independent description.
    #[test]
    fn handicap_sfens_match_their_removals() {
        use shogi_variants::records::notation::{kind_of_csa, square_of};
        use shogi_variants::variants::Standard;
        let even = Position::<Standard>::from_sfen(EVEN.sfen).unwrap();
        for h in HANDICAPS {
            let pos = Position::<Standard>::from_sfen(h.sfen).unwrap();
            let mut removed = Vec::new();
            let b = h.csa_removed.as_bytes();
            for c in b.chunks(4) {
                let sq = square_of(c[0] - b'0', c[1] - b'0').unwrap();
                let kind = kind_of_csa(std::str::from_utf8(&c[2..]).unwrap()).unwrap();
                let piece = even.piece_at(sq);
                assert!(
                    !piece.is_empty(),
                    "{}: {sq} empty in the even start",
                    h.name
                );
                assert_eq!(Standard::TABLE.pieces[piece.kind() as usize].name, kind);
                assert_eq!(piece.color(), shogi_core::Color::White, "{}", h.name);
                removed.push(sq);
            }
            for sq in shogi_core::geometry::Geometry::STANDARD.squares() {
                let expect = if removed.contains(&sq) {
                    shogi_core::Piece::EMPTY
                } else {
                    even.piece_at(sq)
                };
                assert_eq!(pos.piece_at(sq), expect, "{} at {sq}", h.name);
            }
            let side = if h.csa_removed.is_empty() {
                shogi_core::Color::Black
            } else {
                shogi_core::Color::White
            };
            assert_eq!(pos.side_to_move(), side, "{}", h.name);
            assert_eq!(by_name(h.name).unwrap().sfen, h.sfen);
            assert_eq!(by_sfen(h.sfen).unwrap().name, h.name);
        }
        assert_eq!(by_name("平手　　").unwrap().name, "平手");
        assert!(by_name("九枚落ち").is_none());
    }
}

mod progress {
    use shogi_variants::progress::*;
    use std::io::IsTerminal;

    /// Under `cargo test` stderr is captured (not a terminal): no bar.
    #[test]
    fn hidden_when_not_a_terminal() {
        if !std::io::stderr().is_terminal() {
            let p = Progress::new(10, "perft", "moves");
            assert!(!p.is_drawn());
            p.inc(3);
            p.finish();
        }
        assert!(!Progress::hidden().is_drawn());
    }
}

mod tune {
    use shogi_variants::tune::*;

    /// The descent moves every weight of the shared list, each once, in its order.
    #[test]
    fn every_weight_has_a_step() {
        let named: Vec<&str> = STEPS.iter().map(|(n, _)| *n).collect();
        assert_eq!(named, shogi_core::eval::Weights::NAMES);
        assert!(STEPS.iter().all(|(_, step)| *step > 0));
    }

    #[test]
    fn tuning_lowers_the_error_on_games() {
        // Two short games (results as labels); the fit cannot be worse than its start.
        let records = "startpos moves 7g7f 3c3d 8h2b+ 3a2b 2g2f 4a3b 2f2e 7a7b 2e2d 2c2d 2h2d \
                       P*2c 2d2h 6c6d result 1-0 checkmate black=a white=b\n\
                       startpos moves 2g2f 8c8d 2f2e 8d8e 7g7f 8e8f 8g8f 8b8f P*8g 8f8b \
                       result 0-1 checkmate black=a white=b\n";
        let t = tune("shogi", records, 3, None).unwrap();
        let (w, before, after) = (t.weights, t.error_before, t.error_after);
        assert!(t.positions > 0);
        assert!(after <= before, "{after} > {before}");
        // The descent keeps every weight non-negative.
        let fields = [
            w.mobility,
            w.promo_in_zone,
            w.promo_near,
            w.hand_first,
            w.attack_unit,
            w.ring_hit,
            w.weak_ring,
            w.safe_check,
            w.danger_scale,
            w.danger_cap,
            w.flank_attack,
            w.proximity,
            w.drop_mobility,
            w.piece_mobility,
        ];
        assert!(fields.iter().all(|&f| f >= 0), "{w:?}");
        assert!(matches!(
            tune("shogi", "startpos moves 7g7e result 1-0 x\n", 1, None),
            Err(TuneError::Record { line: 1, .. })
        ));
        assert!(matches!(
            tune("shogi", "startpos moves 7g7f result * max-plies\n", 1, None),
            Err(TuneError::NoPositions)
        ));
    }

    #[test]
    fn tuning_reads_positions_with_targets() {
        // Black with White's bishop in hand, and its mirror, with targets of 3/4 and 1/4: only
        // a fitted scale K predicts both exactly (the Elo scale's 400 would miss them: a
        // bishop is worth far more than the 191 cp that makes 3/4 there).
        let up = "lnsgkgsnl/1r7/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b B 1";
        let down = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/7R1/LNSGKGSNL w b 1";
        let start = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";
        let lines = format!("sfen {up} target 0.75\nsfen {down} target 0.25\n");
        let t = tune("shogi", &lines, 1, None).unwrap();
        assert_eq!(t.positions, 2);
        assert!(t.error_before < 1e-4, "{t:?}");
        assert!(t.error_after <= t.error_before);
        // A scale given is kept; a wrong one leaves an error to fit.
        let fixed = tune("shogi", &lines, 1, Some(100.0)).unwrap();
        assert_eq!(fixed.scale, 100.0);
        assert!(fixed.error_before > 0.01, "{fixed:?}");
        // A target outside 0..=1, a malformed position: errors naming the line.
        for bad in [
            format!("\nsfen {start} target 1.5\n"),
            format!("\nsfen {start} target x\n"),
            "\nsfen 9/9 b - 1 target 0.5\n".to_string(),
        ] {
            assert!(
                matches!(
                    tune("shogi", &bad, 1, None),
                    Err(TuneError::Record { line: 2, .. })
                ),
                "{bad}"
            );
        }
        // A record's position with a target is the position after its moves, from the start
        // or from an SFEN: the same sample as that position's SFEN.
        let after = "lnsgkgsnl/1r5+B1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL w B 4";
        let by_sfen = tune(
            "shogi",
            &format!("sfen {after} target 0.9\n"),
            1,
            Some(400.0),
        );
        let by_sfen = by_sfen.unwrap();
        for record in [
            "startpos moves 7g7f 3c3d 8h2b+ target 0.9\n".to_string(),
            format!("sfen {start} moves 7g7f 3c3d 8h2b+ target 0.9\n"),
        ] {
            let t = tune("shogi", &record, 1, Some(400.0)).unwrap();
            assert_eq!(t.positions, 1, "{record}");
            assert_eq!(t.error_before, by_sfen.error_before, "{record}");
        }
        // An illegal move or an unknown start in such a record names its line.
        for bad in [
            "\nstartpos moves 7g7e target 0.5\n",
            "\nstartpos moves 7g7f 8c8d 2h2b target 0.5\n",
            "\nposition moves 7g7f target 0.5\n",
        ] {
            assert!(
                matches!(
                    tune("shogi", bad, 1, None),
                    Err(TuneError::Record { line: 2, .. })
                ),
                "{bad}"
            );
        }
        // A record whose last position has the side to move in check gives no sample.
        assert!(matches!(
            tune(
                "shogi",
                "startpos moves 7g7f 3c3d 8h3c target 0.5\n",
                1,
                None
            ),
            Err(TuneError::NoPositions)
        ));
        // The side to move in check: no quiet position to learn from.
        let check = "4k4/4G4/4G4/9/9/9/9/9/4K4 w - 1";
        assert!(matches!(
            tune("shogi", &format!("sfen {check} target 0.5\n"), 1, None),
            Err(TuneError::NoPositions)
        ));
    }
}

mod analyse {
    use shogi_core::search::Score;
    use shogi_variants::analyse::*;

    #[test]
    fn marks_and_scores() {
        assert_eq!(Mark::of_loss(0), Mark::Good);
        assert_eq!(Mark::of_loss(INACCURACY), Mark::Inaccuracy);
        assert_eq!(Mark::of_loss(MISTAKE), Mark::Mistake);
        assert_eq!(Mark::of_loss(BLUNDER), Mark::Blunder);
        // The side to move is mated in 2 plies: the mover of the move before mates in 3.
        assert_eq!(negate(Score::Mate(-2)), Score::Mate(3));
        assert_eq!(negate(Score::Mate(0)), Score::Mate(1));
        assert_eq!(negate(Score::Mate(4)), Score::Mate(-5));
        assert_eq!(negate(Score::Cp(35)), Score::Cp(-35));
        // Missing a mate is a blunder; two winning scores differ by no loss worth a mark.
        assert!(score_cp(Score::Mate(3)) - score_cp(Score::Cp(800)) >= BLUNDER);
        assert_eq!(score_cp(Score::Cp(5000)) - score_cp(Score::Cp(4000)), 0);
        assert!(score_cp(Score::Mate(1)) > score_cp(Score::Mate(3)));
        assert!(score_cp(Score::Mate(-1)) < score_cp(Score::Mate(-3)));
        assert_eq!(score_text(Score::Cp(35)), "+35");
        assert_eq!(score_text(Score::Mate(-2)), "#-2");
    }
}

mod match_runner {
    use shogi_variants::match_runner::*;

    #[test]
    fn elo_estimates() {
        assert_eq!(elo_estimate(0, 0, 0), None);
        assert_eq!(elo_estimate(5, 0, 0), None);
        let (e, m) = elo_estimate(10, 10, 0).unwrap();
        assert!(e.abs() < 1e-9);
        // 20 games, score 0.5, sd 0.5: mean ± 1.96 * 0.5 / sqrt(20) = 0.5 ± 0.2191;
        // Elo(0.7191) = 163.3, so the margin is 163.3.
        assert!((m - 163.3).abs() < 0.5, "{m}");
        // 75%: +190.8 Elo.
        let (e, _) = elo_estimate(30, 10, 0).unwrap();
        assert!((e - 190.85).abs() < 0.1, "{e}");
        // Draws narrow the margin.
        let (_, m_draws) = elo_estimate(5, 5, 10).unwrap();
        assert!(m_draws < m, "{m_draws} {m}");
        assert!(elo_estimate(1, 0, 1).unwrap().1.is_infinite());
    }
}

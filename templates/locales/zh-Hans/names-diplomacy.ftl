# 外交（Diplomacy）与其大洪水（Deluge）变体的七个强权（简体）。
# Source: the names Chinese Diplomacy players write for the standard map's powers (the same names
# the notation reader accepts in `import/src/deluge/map.rs`), in the simplified forms of the
# mainland: 英国 法国 德国 意大利 奥地利 俄国 土耳其.

diplomacy-power-England = 英国
diplomacy-power-France = 法国
diplomacy-power-Germany = 德国
diplomacy-power-Italy = 意大利
diplomacy-power-Austria = 奥地利
diplomacy-power-Russia = 俄国
diplomacy-power-Turkey = 土耳其

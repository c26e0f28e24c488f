# 外交（Diplomacy）與其大洪水（Deluge）變體的七個強權（繁體）。
# Source: the names Chinese Diplomacy players write for the standard map's powers (the same names
# the notation reader accepts in `import/src/deluge/map.rs`), in the traditional forms of Taiwan and
# Hong Kong: 英國 法國 德國 義大利 奧地利 俄國 土耳其.

diplomacy-power-England = 英國
diplomacy-power-France = 法國
diplomacy-power-Germany = 德國
diplomacy-power-Italy = 義大利
diplomacy-power-Austria = 奧地利
diplomacy-power-Russia = 俄國
diplomacy-power-Turkey = 土耳其

# The seven powers of Diplomacy and its Deluge variant, in English.
# Source: the powers of the standard map as the rulebook (Avalon Hill, 2000 edition) names them, the
# list `import/data/diplomacy/start.csv` starts them from; Deluge keeps the same seven.

diplomacy-power-England = England
diplomacy-power-France = France
diplomacy-power-Germany = Germany
diplomacy-power-Italy = Italy
diplomacy-power-Austria = Austria
diplomacy-power-Russia = Russia
diplomacy-power-Turkey = Turkey

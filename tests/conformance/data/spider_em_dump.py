# Per-item dump of Spider's exact set match (evaluation.py's `evaluate`, etype match), with run_ref.py's
# substitutions: nltk.word_tokenize -> NLTKWordTokenizer().tokenize (no punkt), schemas of absent dbs from tables.json.
# Usage: python3 dump_em.py GOLD PRED  -> one line per item: idx \t hardness \t exact \t pred_failed \t f1 bits
import sys, os, json
sys.path.insert(0, '/work/ref/pylib')
sys.path.insert(0, '/work/ref')
import nltk
from nltk.tokenize import NLTKWordTokenizer
_tok = NLTKWordTokenizer()
nltk.word_tokenize = lambda text, *a, **k: _tok.tokenize(text)
import process_sql
process_sql.word_tokenize = nltk.word_tokenize
_orig_get_schema = process_sql.get_schema
TABLES = '/work/shared/data/spider/tables.json'
DB = '/work/shared/data/spider/database'
_tables = {t['db_id']: t for t in json.load(open(TABLES))}
def _get_schema(db):
    if os.path.exists(db):
        return _orig_get_schema(db)
    t = _tables[os.path.basename(db)[:-len('.sqlite')]]
    schema = {name.lower(): [] for name in t['table_names_original']}
    for ti, col in t['column_names_original']:
        if ti >= 0:
            schema[t['table_names_original'][ti].lower()].append(col.lower())
    return schema
process_sql.get_schema = _get_schema
import evaluation as ev
ev.get_schema = _get_schema

EMPTY = lambda: {"except": None, "from": {"conds": [], "table_units": []}, "groupBy": [], "having": [],
                 "intersect": None, "limit": None, "orderBy": [], "select": [False, []], "union": None, "where": []}
TYPES = ['select', 'select(no AGG)', 'where', 'where(no OP)', 'group(no Having)', 'group', 'order', 'and/or', 'IUEN',
         'keywords']
kmaps = ev.build_foreign_key_map_from_json(TABLES)
gold = [l.strip().split('\t') for l in open(sys.argv[1]) if l.strip()]
pred = [l.strip().split('\t')[0] for l in open(sys.argv[2]) if l.strip()]
assert len(gold) == len(pred)
evaluator = ev.Evaluator()
for i, ((g_str, db_name), p_str) in enumerate(zip(gold, pred)):
    p_str = p_str.replace("value", "1")
    db = os.path.join(DB, db_name, db_name + ".sqlite")
    schema = ev.Schema(_get_schema(db))
    g_sql = ev.get_sql(schema, g_str)
    hardness = evaluator.eval_hardness(g_sql)
    failed = 0
    try:
        p_sql = ev.get_sql(schema, p_str)
    except Exception:
        failed = 1
        p_sql = EMPTY()
    kmap = kmaps[db_name]
    g_valid = ev.build_valid_col_units(g_sql['from']['table_units'], schema)
    g_sql = ev.rebuild_sql_col(g_valid, ev.rebuild_sql_val(g_sql), kmap)
    p_valid = ev.build_valid_col_units(p_sql['from']['table_units'], schema)
    p_sql = ev.rebuild_sql_col(p_valid, ev.rebuild_sql_val(p_sql), kmap)
    exact = evaluator.eval_exact_match(p_sql, g_sql)
    ps = evaluator.partial_scores
    bits = ''.join('1' if ps[t]['f1'] == 1 else '0' for t in TYPES)
    print('%d\t%s\t%d\t%d\t%s' % (i, hardness, int(exact), failed, bits))

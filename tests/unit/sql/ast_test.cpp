// The uniform tree operations: slots, walk, find, replace, detach, clone and structural equality.
#include <gtest/gtest.h>

#include "core/sql/ast.h"
#include "core/sql/parser.h"
#include "core/sql/printer.h"

namespace chokepoint::sql {
namespace {

NodePtr parse(const char* sql) {
  auto r = parse_sql(sql);
  EXPECT_TRUE(r.ok()) << r.error();
  return r.ok() ? std::move(*r) : nullptr;
}

TEST(Ast, ParentLinksPointToTheOwner) {
  auto t = parse("SELECT a FROM t WHERE b = 1");
  walk(*t, [](Node& n) {
    for (auto& c : n.children) EXPECT_EQ(c.node->parent, &n);
    return true;
  });
  EXPECT_EQ(t->parent, nullptr);
  EXPECT_EQ(t->get(Slot::Where)->slot(), Slot::Where);
}

TEST(Ast, ChildrenStaySortedBySlotWhateverTheInsertionOrder) {
  auto a = make_node(Kind::Select);
  a->add(Slot::Where, make_node(Kind::Number, "1"));
  a->add(Slot::Columns, make_node(Kind::Star));
  auto b = make_node(Kind::Select);
  b->add(Slot::Columns, make_node(Kind::Star));
  b->add(Slot::Where, make_node(Kind::Number, "1"));
  EXPECT_TRUE(equal(*a, *b));
  EXPECT_EQ(print_sql(*a), "SELECT * WHERE 1");
}

TEST(Ast, FindAllInPreOrder) {
  auto t = parse("SELECT T1.a, b FROM t AS T1 WHERE c IN (SELECT d FROM u)");
  auto cols = find_all(*t, Kind::Column);
  ASSERT_EQ(cols.size(), 4u);
  EXPECT_EQ(cols[0]->get(Slot::Name)->text, "a");
  EXPECT_EQ(cols[3]->get(Slot::Name)->text, "d");
  EXPECT_EQ(find_all(*t, Kind::Select).size(), 2u);
  EXPECT_EQ(find_first(*t, Kind::Table)->get(Slot::Name)->text, "t");
}

TEST(Ast, ReplaceKeepsTheSlotAndPosition) {
  auto t = parse("SELECT a, b, c FROM t");
  Node* b = t->list(Slot::Columns)[1];
  NodePtr old = replace(*b, make_column("T9", "z"));
  ASSERT_TRUE(old);
  EXPECT_EQ(old->parent, nullptr);
  EXPECT_EQ(print_sql(*t), "SELECT a, T9.z, c FROM t");
}

TEST(Ast, DetachRemovesASubtree) {
  auto t = parse("SELECT a FROM t WHERE x = 1 ORDER BY a");
  NodePtr where = detach(*t->get(Slot::Where));
  EXPECT_EQ(print_sql(*t), "SELECT a FROM t ORDER BY a");
  EXPECT_EQ(print_sql(*where), "x = 1");
  EXPECT_EQ(detach(*t), nullptr);  // a root has no parent to leave
}

TEST(Ast, CloneIsDeepAndEqual) {
  auto t = parse("SELECT count(DISTINCT T1.a) FROM t AS T1 JOIN u ON T1.x = u.y");
  NodePtr c = clone(*t);
  EXPECT_TRUE(equal(*t, *c));
  EXPECT_EQ(c->parent, nullptr);
  find_first(*c, Kind::Identifier)->text = "T2";
  EXPECT_FALSE(equal(*t, *c));
}

TEST(Ast, EqualityIsStructuralAndSeesSpelling) {
  EXPECT_TRUE(equal(*parse("select a from t"), *parse("SELECT a\n FROM t;")));
  EXPECT_FALSE(equal(*parse("SELECT a FROM t"), *parse("SELECT A FROM t")));        // identifier case kept
  EXPECT_FALSE(equal(*parse("SELECT \"a\" FROM t"), *parse("SELECT `a` FROM t")));  // quote kept
  EXPECT_FALSE(equal(*parse("SELECT (a) FROM t"), *parse("SELECT a FROM t")));      // parentheses kept
}

TEST(Ast, JoinInjectionIsAShortPureFunction) {
  // What join query expansion does: append "JOIN bond AS T3 ON T3.molecule_id = T1.molecule_id".
  auto t = parse("SELECT T1.label FROM molecule AS T1");
  auto join = make_node(Kind::Join, "JOIN");
  auto table = make_node(Kind::Table);
  table->add(Slot::Name, make_identifier("bond"));
  table->add(Slot::Alias, make_identifier("T3"));
  table->flags |= kHasAs;
  join->add(Slot::Source, std::move(table));
  auto on = make_node(Kind::Binary, "=");
  on->add(Slot::Left, make_column("T3", "molecule_id"));
  on->add(Slot::Right, make_column("T1", "molecule_id"));
  join->add(Slot::On, std::move(on));
  t->add(Slot::From, std::move(join));
  EXPECT_EQ(print_sql(*t), "SELECT T1.label FROM molecule AS T1 JOIN bond AS T3 ON T3.molecule_id = T1.molecule_id");
}

TEST(Ast, DeepTreesAreDestroyedWithoutRecursion) {
  NodePtr root = make_node(Kind::Paren);
  Node* cur = root.get();
  for (int i = 0; i < 1000000; ++i) cur = cur->add(Slot::This, make_node(Kind::Paren));
  root.reset();  // must not overflow the stack
  SUCCEED();
}

}  // namespace
}  // namespace chokepoint::sql

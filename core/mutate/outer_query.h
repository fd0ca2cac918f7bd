// What "the outer query" means for the mutation operators (SQLMorph §VI-C-1: "mutations are applied only to the
// outer query so that each change remains easy to interpret"), and how an operator edits one site of a copy.
// Outer = the root SELECT, or each arm of a compound root (left to right); CTE bodies, FROM subqueries and
// expression subqueries (IN (SELECT ...), EXISTS, scalar) are never outer.
#pragma once
#include <functional>
#include <string>
#include <vector>

#include "core/mutate/mutant.h"
#include "core/sql/ast.h"

namespace chokepoint::mutate {

// The SELECT blocks of the outer query, left to right.
std::vector<const sql::Node*> outer_selects(const sql::Node& query);

// Pre-order walk of `expr` that never enters a nested query (Select, Compound, Subquery, Exists): the nodes an
// operator may touch inside an outer clause.
void walk_outside_subqueries(const sql::Node& expr, const std::function<void(const sql::Node&)>& visit);

// A label for an outer SELECT in descriptions: "" when the query has one block, "arm 2 " for the second arm of a
// compound.
std::string block_label(const sql::Node& query, const sql::Node& select);

// The mutant made by cloning `query` and applying `edit` to the clone of `site` (a node of `query`): operators find
// sites on the const original and edit copies, so the gold tree is never touched.
Mutant mutate_copy(const char* op, const sql::Node& query, const sql::Node& site,
                   const std::function<void(sql::Node&)>& edit, std::string description);

// `"<printed SQL of node>"`, for descriptions.
std::string quoted(const sql::Node& node);

}  // namespace chokepoint::mutate

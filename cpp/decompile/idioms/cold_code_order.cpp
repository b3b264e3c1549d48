// Code only exceptions reach, and the order it is laid out in.
//
// Versions: 3.12+.
// Source:
//     try:
//         importer = cache[path_item]
//     except KeyError:
//         for path_hook in hooks:
//             try:
//                 importer = path_hook(path_item)
//                 break
//             except ImportError:
//                 pass
// Bytecode: (inside the KeyError handler, all of it moved to the end)
//     <inner try body> <its break>   <inner except clauses>   <code after the
//     inner try>, in codegen order; warm code lays out <body> <else> <code
//     after> and puts its handlers at the end
// Test: tests/python/decompile_cases/break_ending_try_in_clause_py312.py (get_importer)
//
// The CFG optimizer moves the blocks that only exceptions reach (except
// clauses and everything they run, cleanup handlers) after all others,
// keeping the order they were generated in. Inside such code, the layout
// is codegen order: a try statement's body, then its else clause, then its
// except clauses, then the code after it. (Warm code has no such order:
// its handlers went to the end.)
#include "decompile/idioms/cold_code_order.hpp"

namespace depyf::decompile {

std::vector<char> blocks_reached_without_exceptions(const cfg::Graph& graph) {
  std::vector<char> warm(graph.blocks.size(), 0);
  if (graph.blocks.empty()) return warm;
  std::vector<int> work{0};
  warm[0] = 1;
  while (!work.empty()) {
    const int b = work.back();
    work.pop_back();
    for (int next : graph.blocks[b].successors)
      if (!warm[next]) warm[next] = 1, work.push_back(next);
  }
  return warm;
}

}  // namespace depyf::decompile

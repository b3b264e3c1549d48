#include "alloc/small_object_pool.hpp"

namespace depyf::alloc {

void SmallObjectPool::release_all() {
  for (Header*& list : lists_) {
    while (list != nullptr) {
      Header* next = list->next;
      std::free(list);
      list = next;
    }
  }
  cached_bytes_ = 0;
}

}  // namespace depyf::alloc

// The extension's operator new and delete: every C++ allocation of the
// extension goes through a per-thread SmallObjectPool (see
// alloc/small_object_pool.hpp for why).
//
// This replacement is safe only because the extension links libstdc++
// statically and exports nothing but PyInit__core (CMakeLists.txt): every
// piece of C++ code that can allocate or free the extension's memory is
// inside the extension and binds to these definitions, and no other
// library of the process sees them. Aligned new/delete keep libstdc++'s own
// pair (aligned_alloc/free); nothing here over-aligns.
#include <new>

#include "alloc/small_object_pool.hpp"

namespace {

using depyf::alloc::SmallObjectPool;

// Each thread's pool lives in the thread's dynamic TLS, made on first use;
// the allocation paths reach it through one pointer in static TLS (the
// initial-exec model: a register-relative load, where a dynamic TLS access
// is a call). Eight bytes of static TLS is little enough to load the
// extension with dlopen. The pool is never destroyed, only shut down when
// the thread ends: destructors that run after that still free through it.
[[gnu::tls_model("initial-exec")]] thread_local SmallObjectPool* current_pool = nullptr;

struct ThreadPoolOwner {
  alignas(SmallObjectPool) unsigned char storage[sizeof(SmallObjectPool)];
  SmallObjectPool* pool;
  ThreadPoolOwner() : pool(new (storage) SmallObjectPool()) { current_pool = pool; }
  ~ThreadPoolOwner() { pool->shut_down(); }
};

[[gnu::noinline]] SmallObjectPool& first_use_in_thread() {
  thread_local ThreadPoolOwner owner;
  return *owner.pool;
}

inline SmallObjectPool& pool() {
  SmallObjectPool* p = current_pool;
  return p != nullptr ? *p : first_use_in_thread();
}

// Everything but taking a cached block: a call, out of the hot path.
[[gnu::noinline]] void* allocate_uncached(std::size_t size) {
  for (;;) {
    if (void* p = pool().allocate(size)) return p;
    std::new_handler handler = std::get_new_handler();
    if (handler == nullptr) throw std::bad_alloc();
    handler();
  }
}

inline void* allocate_or_throw(std::size_t size) {
  if (SmallObjectPool* p = current_pool) {
    if (void* block = p->take_cached(size)) return block;
  }
  return allocate_uncached(size);
}

void* allocate_or_null(std::size_t size) noexcept {
  try {
    return allocate_or_throw(size);
  } catch (...) {
    return nullptr;
  }
}

}  // namespace

void* operator new(std::size_t size) {
  return allocate_or_throw(size);
}
void* operator new[](std::size_t size) {
  return allocate_or_throw(size);
}
void* operator new(std::size_t size, const std::nothrow_t&) noexcept {
  return allocate_or_null(size);
}
void* operator new[](std::size_t size, const std::nothrow_t&) noexcept {
  return allocate_or_null(size);
}

void operator delete(void* p) noexcept {
  pool().deallocate(p);
}
void operator delete[](void* p) noexcept {
  pool().deallocate(p);
}
void operator delete(void* p, std::size_t) noexcept {
  pool().deallocate(p);
}
void operator delete[](void* p, std::size_t) noexcept {
  pool().deallocate(p);
}
void operator delete(void* p, const std::nothrow_t&) noexcept {
  pool().deallocate(p);
}
void operator delete[](void* p, const std::nothrow_t&) noexcept {
  pool().deallocate(p);
}

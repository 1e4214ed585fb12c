#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// One object per thread under a `pthread` key, made on first use and released when its thread
/// ends: buffers the threads drawing frames in parallel reuse without sharing a lock.
struct PerThread<Slot: AnyObject>: @unchecked Sendable {
    private let key: pthread_key_t
    private let make: @Sendable () -> Slot

    init(_ make: @escaping @Sendable () -> Slot) {
        var key = pthread_key_t()
        // The pointer is optional in glibc's and musl's signature of the destructor, not in Darwin's.
        #if canImport(Darwin)
        pthread_key_create(&key) { raw in Unmanaged<AnyObject>.fromOpaque(raw).release() }
        #else
        pthread_key_create(&key) { raw in
            guard let raw else { return }
            Unmanaged<AnyObject>.fromOpaque(raw).release()
        }
        #endif
        self.key = key
        self.make = make
    }

    /// This thread's object.
    var slot: Slot {
        if let raw = pthread_getspecific(key) { return Unmanaged<Slot>.fromOpaque(raw).takeUnretainedValue() }
        let slot = make()
        pthread_setspecific(key, Unmanaged.passRetained(slot as AnyObject).toOpaque())
        return slot
    }
}

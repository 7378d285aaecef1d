//! The search slots: a fixed number over all clients, and at most a few per client
//! (a client is an IP address, whatever its connections and ports), so that one
//! greedy client cannot take every slot and starve the others.

use super::error::ApiError;
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex, PoisonError};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

/// The searches one client may run at once unless told otherwise.
pub const DEFAULT_PER_CLIENT: usize = 2;

/// The searches running, in all and per client.
pub struct Slots {
    /// One permit per running search.
    all: Arc<Semaphore>,
    /// The number of permits.
    max: usize,
    /// The most searches of one client.
    per_client: usize,
    /// The running searches of each client that has one.
    clients: Arc<Mutex<HashMap<IpAddr, usize>>>,
}

/// A search's place: given back, in all and for its client, when dropped.
pub struct Slot {
    _permit: OwnedSemaphorePermit,
    client: IpAddr,
    clients: Arc<Mutex<HashMap<IpAddr, usize>>>,
}

impl Slots {
    /// `max` slots, at most `per_client` of them (at least 1) for one client.
    pub fn new(max: usize, per_client: usize) -> Slots {
        Slots {
            all: Arc::new(Semaphore::new(max)),
            max,
            per_client: per_client.max(1),
            clients: Arc::default(),
        }
    }

    /// The number of slots.
    pub fn max(&self) -> usize {
        self.max
    }

    /// A slot for `client`.
    ///
    /// # Errors
    /// [`ApiError::ClientBusy`] when the client runs its most searches already,
    /// [`ApiError::Busy`] when every slot is taken.
    pub fn take(&self, client: IpAddr) -> Result<Slot, ApiError> {
        let mut clients = self.clients.lock().unwrap_or_else(PoisonError::into_inner);
        let running = clients.get(&client).copied().unwrap_or(0);
        if running >= self.per_client {
            return Err(ApiError::ClientBusy(self.per_client));
        }
        let permit = self
            .all
            .clone()
            .try_acquire_owned()
            .map_err(|_| ApiError::Busy(self.max))?;
        clients.insert(client, running + 1);
        Ok(Slot {
            _permit: permit,
            client,
            clients: Arc::clone(&self.clients),
        })
    }
}

impl Drop for Slot {
    fn drop(&mut self) {
        let mut clients = self.clients.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(running) = clients.get_mut(&self.client) {
            *running -= 1;
            if *running == 0 {
                clients.remove(&self.client);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::net::Ipv4Addr;

    #[test]
    fn a_client_takes_at_most_its_share() {
        let slots = Slots::new(3, 2);
        let (a, b) = (
            IpAddr::V4(Ipv4Addr::new(127, 0, 0, 2)),
            IpAddr::V4(Ipv4Addr::new(127, 0, 0, 3)),
        );
        let first = slots.take(a).unwrap();
        let second = slots.take(a).unwrap();
        assert!(matches!(slots.take(a), Err(ApiError::ClientBusy(2))));
        let third = slots.take(b).unwrap();
        assert!(matches!(slots.take(b), Err(ApiError::Busy(3))));
        drop(first);
        let _again = slots.take(a).unwrap();
        assert!(matches!(slots.take(a), Err(ApiError::ClientBusy(2))));
        drop((second, third));
        assert_eq!(slots.clients.lock().unwrap().get(&a), Some(&1));
        assert!(slots.clients.lock().unwrap().get(&b).is_none());
    }
}

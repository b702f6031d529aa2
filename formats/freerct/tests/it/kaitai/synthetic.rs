//! Saves built in Rust for the pattern versions and variants the corpus never contains (FCTS 11, World
//! 1, voxel 1, Guest 1, Person 1-2, Finances 1, Scenery 1, Rides 1 with a shop, Staff 2 with a version-1
//! mechanic, Scenario 1, nested objective containers and the park value objective). The differential
//! test reads them with both parsers, so every version gate of the schemas is checked, not only those
//! real files happen to reach.

use freerct::SaveGame;
use freerct::fixed_ride::{
    FixedRideInstance, OnrideGuests, OnrideGuestsBatch, OnrideGuestsData, ShopInstance,
};
use freerct::objectives::{
    AbstractObjective, EmptyObjective, Objective, ObjectiveContainer, ParkValueObjective,
    RatingObjective,
};
use freerct::primitives::{Bool, PatternDate, Text, XyzU16};
use freerct::recolouring::Recolouring;
use freerct::ride_instance::RideInstance;
use freerct::rides::{RideData, RideEntry};
use freerct::scenery::{SceneryInstance, SceneryItem};
use freerct::staff::{Handyman, Mechanic, StaffMember};

/// Every synthetic save with its file name.
pub fn saves() -> Vec<(&'static str, SaveGame)> {
    vec![
        ("fcts11_old_patterns.fct", fcts11_old_patterns()),
        ("fcts12_old_scenario.fct", fcts12_old_scenario()),
    ]
}

/// FCTS 11 with the oldest version of every pattern that has gated fields.
fn fcts11_old_patterns() -> SaveGame {
    let mut save = SaveGame::example();
    let header = &mut save.header;
    header.version = 11;
    header.scenario = None;
    header.scenario_name = Some(Text::from("Old scenario"));
    save.observer = None;
    save.world.version = 1;
    save.world.border_fence_rules = None;
    for stack in &mut save.voxel_stacks {
        for voxel in &mut stack.voxels {
            voxel.version = 1;
            voxel.fences = None;
        }
    }
    let scenery_voxel = &mut save.voxel_stacks[5].voxels[0];
    scenery_voxel.instance = 5;
    scenery_voxel.instance_data = Some(0x1234);
    save.finances.version = 1;
    save.finances.loan = None;
    let guest = &mut save.guests.guests[0].guest;
    guest.version = 1;
    guest.ride = Some(3);
    guest.preferences = None;
    guest.person.version = 1;
    guest.person.ride = None;
    guest.person.status = None;
    save.guests.version = 1;
    save.guests.complaints = None;
    save.scenery.version = 1;
    save.scenery.items = vec![SceneryItem {
        type_index: Some(2),
        internal_name: None,
        instance: scenery_instance(),
    }];
    save.scenery.path_objects = None;
    save.scenery.litter = None;
    save.rides.version = 1;
    save.rides.rides = vec![RideEntry {
        instance: None,
        kind: 0,
        type_name: Some(Text::from("Ice cream stall")),
        type_index: None,
        internal_name: None,
        data: RideData::Shop(shop()),
    }];
    let mut old_person = save.guests.guests[0].guest.person.clone();
    old_person.name = Text::from("Mechanic 1");
    save.staff.version = 2;
    save.staff.last_id = None;
    save.staff.mechanic_requests = vec![7].into();
    save.staff.mechanics = Some(
        vec![Mechanic {
            version: 1,
            person: Some(old_person),
            staff: None,
            ride: Some(6),
        }]
        .into(),
    );
    save.staff.handymen = None;
    save.staff.guards = None;
    save.staff.entertainers = None;
    save
}

/// FCTS 12 with a version-1 scenario, nested objectives and a version-1 staff member.
fn fcts12_old_scenario() -> SaveGame {
    let mut save = SaveGame::example();
    let scenario = save
        .header
        .scenario
        .as_mut()
        .expect("the example has a scenario");
    scenario.version = 1;
    scenario.description = None;
    scenario.initial_money = Some(1_000_000);
    scenario.initial_loan = Some(500_000);
    scenario.entrance_fee = None;
    scenario.mission = None;
    let inner = ObjectiveContainer {
        version: 1,
        base: objective_base(),
        timeout_policy: 1,
        timeout: PatternDate::new(2, 5, 17, 150),
        children: vec![
            Objective::ParkValue(ParkValueObjective {
                version: 1,
                base: objective_base(),
                value: -250_000,
            }),
            Objective::Rating(RatingObjective {
                version: 1,
                base: objective_base(),
                rating: 600,
            }),
            Objective::Empty(EmptyObjective {
                version: 1,
                base: objective_base(),
            }),
        ],
    };
    scenario
        .objective
        .children
        .push(Objective::Container(Box::new(inner)));
    let mut person = save.guests.guests[0].guest.person.clone();
    person.version = 2;
    person.status = None;
    person.name = Text::from("Handyman 1");
    save.staff.handymen = Some(
        vec![Handyman {
            version: 1,
            staff: StaffMember {
                version: 1,
                person,
                status: Some(2),
            },
            activity: 1,
        }]
        .into(),
    );
    save
}

fn objective_base() -> AbstractObjective {
    AbstractObjective {
        version: 1,
        fulfilled: Bool(1),
        drop_days: 30,
        drop_counter: 4,
    }
}

fn scenery_instance() -> SceneryInstance {
    SceneryInstance {
        version: 1,
        position: XyzU16 { x: 1, y: 2, z: 8 },
        orientation: 3,
        animation_time: 1_000,
        since_watered: 20,
    }
}

/// A version-1 shop: ride type ids instead of names, no return cost.
fn shop() -> ShopInstance {
    let colours = |c| Recolouring {
        version: 1,
        colours: [c, c + 1, c + 2, c + 3],
    };
    let ride = RideInstance {
        version: 1,
        name: Text::from("Ice cream stall 1"),
        state_flags: 0x0201,
        entrance_id: Some(1),
        exit_id: Some(2),
        entrance_name: None,
        exit_name: None,
        recolours: [colours(1), colours(5), colours(9)],
        item_prices: [150, -1],
        item_counts: [12, 0],
        total_profit: 1_800,
        total_sell_profit: 900,
        reliability: -3,
        max_reliability: 9_000,
        maintenance_interval: 60_000,
        time_since_maintenance: 1_234,
        broken: Bool(0),
        mechanic_pending: Bool(2),
        queue_message_timer: 5,
        excitement: 1,
        intensity: 2,
        nausea: 3,
    };
    ShopInstance {
        version: 1,
        fixed: FixedRideInstance {
            version: 1,
            ride,
            orientation: 2,
            position: XyzU16 { x: 2, y: 2, z: 8 },
            working_cycles: 1,
            max_idle: 10,
            min_idle: 5,
            time_left: 0,
            working: Bool(0),
            onride_guests: OnrideGuests {
                version: 1,
                batch_size: 2,
                batches: vec![OnrideGuestsBatch {
                    version: 1,
                    state: 1,
                    remaining: 300,
                    entry: 2,
                    guests: vec![
                        OnrideGuestsData {
                            version: 1,
                            guest: 1,
                            entry: 3,
                        },
                        OnrideGuestsData {
                            version: 1,
                            guest: -1,
                            entry: 0,
                        },
                    ],
                }],
            },
            return_cost: None,
        },
    }
}

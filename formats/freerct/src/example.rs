//! A small, valid save game built from Rust values (the demo save of the examples and the CLI).

use crate::date::Date;
use crate::finances::{FinanceHistory, Finances};
use crate::guests::{Complaints, GuestEntry, Guests};
use crate::header::FileHeader;
use crate::inbox::{Inbox, Message};
use crate::objectives::{AbstractObjective, GuestsObjective, Objective, ObjectiveContainer};
use crate::observer::GameObserver;
use crate::person::{Guest, GuestItems, Person, RidePreferences, VoxelObject};
use crate::primitives::{Bool, PatternDate, Text};
use crate::random::Random;
use crate::recolouring::Recolouring;
use crate::rides::Rides;
use crate::savegame::SaveGame;
use crate::scenario::Scenario;
use crate::scenery::Scenery;
use crate::staff::Staff;
use crate::weather::Weather;
use crate::world::{BorderFenceRules, Voxel, VoxelStack, World};

/// Width and depth of the example world in voxel stacks.
const SIZE: u16 = 4;
/// Ground word of flat grass without foundations (as in FreeRCT's own files).
const FLAT_GRASS: u32 = 0x0000_c3f0;

impl SaveGame {
    /// A small FCTS 12 park: a 4 x 4 flat world, one guest, a guests objective and one message.
    pub fn example() -> Self {
        Self {
            header: header(),
            date: Date {
                version: 1,
                date: PatternDate::new(1, 3, 1, 0),
            },
            world: World {
                version: 2,
                x_size: SIZE,
                y_size: SIZE,
                border_fence_rules: Some(BorderFenceRules::default()),
            },
            voxel_stacks: (0..SIZE * SIZE).map(|_| flat_stack()).collect(),
            finances: finances(),
            weather: Weather {
                version: 1,
                temperature: 180,
                current: 0,
                next: 1,
                change: 3,
            },
            observer: Some(observer()),
            rides: Rides {
                version: 4,
                rides: Vec::new(),
            },
            scenery: Scenery {
                version: 3,
                items: Vec::new(),
                path_objects: Some(Vec::new().into()),
                litter: Some(Vec::new().into()),
            },
            guests: guests(),
            staff: Staff {
                version: 3,
                last_id: Some(0),
                mechanic_requests: Vec::new().into(),
                mechanics: Some(Vec::new().into()),
                handymen: Some(Vec::new().into()),
                guards: Some(Vec::new().into()),
                entertainers: Some(Vec::new().into()),
            },
            inbox: Inbox {
                version: 1,
                messages: vec![Message {
                    version: 1,
                    string_id: 0,
                    data1: 0,
                    data2: 0,
                    timestamp: PatternDate::new(1, 3, 1, 0),
                }],
            },
            random: Random {
                version: 1,
                seed: 0x1234_5678,
            },
        }
    }
}

fn header() -> FileHeader {
    let objective = AbstractObjective {
        version: 1,
        fulfilled: Bool(0),
        drop_days: 0,
        drop_counter: 0,
    };
    let goal = GuestsObjective {
        version: 1,
        base: objective.clone(),
        guests: 100,
    };
    FileHeader {
        version: 12,
        timestamp: Some(0),
        revision: Some(Text::from("savepoint example")),
        scenario_name: None,
        scenario: Some(Scenario {
            version: 3,
            name: Text::from("Example Park"),
            description: Some(Text::from("Reach 100 guests.")),
            objective: ObjectiveContainer {
                version: 1,
                base: objective,
                timeout_policy: 0,
                timeout: PatternDate::new(3, 10, 31, 0),
                children: vec![Objective::Guests(goal)],
            },
            spawn_low: 200,
            spawn_high: 600,
            max_guests: 3000,
            initial_money: None,
            initial_loan: None,
            max_loan: 3_000_000,
            interest: 25,
            entrance_fee: Some(Bool(1)),
            mission: Some(Text::default()),
        }),
    }
}

fn flat_stack() -> VoxelStack {
    let voxel = Voxel {
        version: 4,
        ground: FLAT_GRASS,
        instance: 0,
        instance_data: None,
        fences: Some(0xffff),
    };
    VoxelStack {
        version: 3,
        base: 8,
        owner: 2,
        voxels: vec![voxel],
    }
}

fn finances() -> Finances {
    let month = FinanceHistory {
        version: 1,
        ride_construct: 0,
        ride_running: 0,
        land_purchase: 0,
        landscaping: 0,
        park_tickets: 1_000,
        ride_tickets: 0,
        shop_sales: 0,
        shop_stock: 0,
        food_sales: 0,
        food_stock: 0,
        staff_wages: 0,
        marketing: 0,
        research: 0,
        loan_interest: 0,
    };
    Finances {
        version: 2,
        current: 0,
        cash: 1_000_000,
        loan: Some(0),
        history: vec![month],
    }
}

fn observer() -> GameObserver {
    GameObserver {
        version: 1,
        won_lost: 0,
        park_open: Bool(1),
        park_name: Text::from("Example Park"),
        entrance_fee: 1_000,
        rating: 500,
        guests: 1,
        max_guests: 1,
        rating_history: vec![500],
        guest_history: vec![1],
    }
}

fn guests() -> Guests {
    let person = Person {
        version: 3,
        voxel_object: VoxelObject {
            version: 1,
            x: 1 << 8,
            y: 1 << 8,
            z: 8 << 8,
        },
        person_type: 1,
        offset: 0,
        name: Text::from("Guest 1"),
        ride: Some(0xffff),
        recolour: Recolouring {
            version: 1,
            colours: [1, 2, 3, 4],
        },
        walk: 0,
        frame_index: 0,
        frame_time: 0,
        status: Some(0),
    };
    let guest = Guest {
        version: 3,
        person,
        activity: 0,
        happiness: 70,
        total_happiness: 0,
        cash: 5_000,
        cash_spent: 1_000,
        ride: None,
        items: GuestItems {
            hunger: 20,
            thirst: 20,
            ..GuestItems::default()
        },
        preferences: Some(RidePreferences {
            preferred_intensity: 5,
            min_intensity: 1,
            max_intensity: 8,
            max_nausea: 6,
            min_excitement: 2,
        }),
    };
    Guests {
        version: 2,
        start_x: 0,
        start_y: 0,
        frame_counter: 0,
        next_guest: 0,
        free_index: 0,
        complaints: Some(Complaints::default()),
        guests: vec![GuestEntry { id: 1, guest }],
    }
}

/** The search worker's entry: started by the pages that search (components/search/MeetingSearch.tsx). */
import { archiveKv } from '@/lib/archive';
import type { WorkerScope } from '@/lib/archive/worker';
import { startSearchWorker } from '@/lib/archive/worker';

const { build } = startSearchWorker(self as unknown as WorkerScope, archiveKv());
void build();

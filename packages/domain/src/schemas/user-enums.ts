import { z } from 'zod';
import { accountStatusValues, roleValues, tierValues } from '../enums/user.js';

export const tierSchema = z.enum(tierValues);
export const roleSchema = z.enum(roleValues);
export const accountStatusSchema = z.enum(accountStatusValues);
